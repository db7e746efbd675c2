import { z } from 'zod';

/**
 * The alarm-health report (docs/api.md#alarm-health, docs/domain.md#alarm-health). Server and web share
 * this schema: the route answers through it, the admin screen reads it.
 */
const count = z.number().int();

export const ALARM_HEALTH_VERDICTS = ['manageable', 'busy', 'flooded'] as const;

export const alarmHealthSchema = z.object({
  /** The days covered, as yyyy-MM-dd in `timeZone`. */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  total: count,
  perDay: z.array(z.object({ day: z.string(), alerts: count, warnings: count, other: count })),
  /** Mean notifications per ten minutes over the whole period. */
  perTenMinutes: z.number(),
  /** The busiest ten-minute window (UTC wire time), if any notification was raised. */
  busiest: z.object({ start: z.string(), count }).nullable(),
  /** Ten-minute windows of one client holding a flood, busiest first. */
  floods: z.array(z.object({ start: z.string(), clientTitle: z.string(), count })),
  noisiestRules: z.array(z.object({ ruleId: count, title: z.string(), podTitle: z.string(), count })),
  /** Notifications the flood guard folded into summaries. */
  folded: count,
  verdict: z.enum(ALARM_HEALTH_VERDICTS),
});
export type AlarmHealth = z.infer<typeof alarmHealthSchema>;
