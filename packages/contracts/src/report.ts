import { z } from 'zod';
import { SAVING_METHODS, SAVING_SENSOR_TYPES, SAVING_STATUSES, SAVING_UNITS, savingsDay, scoreAnswer } from './savings';
import { type CalendarDate, parseDateOnly } from './time/date-only';
import { daysInMonth, wallTimeAt } from './time/zoned-time';

/**
 * A report (docs/domain.md#reports): one scope and one period of whole days on the viewer's calendar. The screen,
 * the CSV and the PDF are three renderings of this one answer, so they agree to the cent.
 */
export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** The period picker's kinds; `custom` is two dates. */
export const REPORT_PERIOD_KINDS = ['month', 'quarter', 'year', 'custom'] as const;
export type ReportPeriodKind = (typeof REPORT_PERIOD_KINDS)[number];
export const MAX_REPORT_DAYS = 366;
export const REPORT_LEVELS = ['client', 'location', 'area', 'pod'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];

const pad = (n: number) => String(n).padStart(2, '0');
export const formatDateOnly = (d: CalendarDate) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;
const dayNumber = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;

/** The viewer's today, yyyy-MM-dd. */
export const todayIn = (tz: string, now: Date): string => formatDateOnly(wallTimeAt(now, tz));

/** The month, quarter or year holding `anchor` (yyyy-MM-dd), as its first and last day. */
export function reportPeriodOf(
  kind: Exclude<ReportPeriodKind, 'custom'>,
  anchor: string,
): { from: string; to: string } {
  const a = parseDateOnly(anchor);
  if (!a) throw new Error(`not a date: ${anchor}`);
  const firstMonth = kind === 'month' ? a.month : kind === 'quarter' ? a.month - ((a.month - 1) % 3) : 1;
  const lastMonth = kind === 'month' ? a.month : kind === 'quarter' ? firstMonth + 2 : 12;
  return {
    from: formatDateOnly({ year: a.year, month: firstMonth, day: 1 }),
    to: formatDateOnly({ year: a.year, month: lastMonth, day: daysInMonth(a.year, lastMonth) }),
  };
}

/** The last month that has closed on the viewer's calendar: what the monthly mail sends and /reports opens on. */
export function lastClosedMonth(tz: string, now: Date): { from: string; to: string } {
  const w = wallTimeAt(now, tz);
  const year = w.month === 1 ? w.year - 1 : w.year;
  const month = w.month === 1 ? 12 : w.month - 1;
  return reportPeriodOf('month', formatDateOnly({ year, month, day: 1 }));
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const dateParts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** "1 Oct 2026" */
export const dayText = (date: string): string => {
  const [y, m, d] = dateParts(date);
  return `${d} ${SHORT_MONTHS[m - 1]} ${y}`;
};

/** A period in words, the same on the screen, in the files and in the mail: "November 2026", "Q3 2026", "2026", or "1 Oct 2026 - 15 Nov 2026". */
export function reportPeriodLabel(from: string, to: string): string {
  const [y, m] = dateParts(from);
  const whole = (kind: Exclude<ReportPeriodKind, 'custom'>) => {
    const p = reportPeriodOf(kind, from);
    return p.from === from && p.to === to;
  };
  if (whole('month')) return `${LONG_MONTHS[m - 1]} ${y}`;
  if (whole('quarter')) return `Q${Math.floor((m - 1) / 3) + 1} ${y}`;
  if (whole('year')) return String(y);
  return `${dayText(from)} - ${dayText(to)}`;
}

/** The number of days from `from` to `to`, both included. */
export const periodDays = (from: string, to: string): number => {
  const f = parseDateOnly(from);
  const t = parseDateOnly(to);
  return f && t ? dayNumber(t) - dayNumber(f) + 1 : 0;
};

/** Why two dates make no report period (the field to fix and the message), or null. Both sides use it. */
export function reportPeriodProblem(
  from: string,
  to: string,
  today: string,
): { field: 'from' | 'to'; message: string } | null {
  if (!parseDateOnly(from)) return { field: 'from', message: 'from must be a date (yyyy-MM-dd)' };
  if (!parseDateOnly(to)) return { field: 'to', message: 'to must be a date (yyyy-MM-dd)' };
  if (from > to) return { field: 'to', message: 'to must not be before from' };
  if (from > today) return { field: 'from', message: 'from must not be in the future' };
  if (to > today) return { field: 'to', message: 'to must not be in the future' };
  if (periodDays(from, to) > MAX_REPORT_DAYS)
    return { field: 'to', message: `A report covers at most ${MAX_REPORT_DAYS} days` };
  return null;
}

/** Consumption, the whole bill and emissions over a period; null where nothing was measured or modelled. */
export const reportFigures = z.object({
  electricityKwh: z.number().nullable(),
  waterLitres: z.number().nullable(),
  /** Whole-bill cost (use x price + standing charges), 2 decimals. */
  cost: z.number().nullable(),
  /** kg CO2e: electricityKwh x the grid factor. */
  emissionsKg: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof reportFigures>;

/** One pod's saving over the report period: the sum of its stored closed periods that lie in it. */
export const reportSaving = z.object({
  podId: z.number(),
  podTitle: z.string(),
  areaTitle: z.string(),
  sensorType: z.enum(SAVING_SENSOR_TYPES),
  unit: z.enum(SAVING_UNITS),
  expected: z.number().nullable(),
  actual: z.number().nullable(),
  avoided: z.number().nullable(),
  /** +/- in `unit` at 90 % confidence; null for the tariff method. */
  uncertainty: z.number().nullable(),
  valueFlat: z.number().nullable(),
  uncertaintyFlat: z.number().nullable(),
  valuePercentage: z.number().nullable(),
  stars: z.number(),
  method: z.enum(SAVING_METHODS),
  status: z.enum(SAVING_STATUSES),
  /** Why it is not claimed, in words; null when claimed. */
  reason: z.string().nullable(),
  /** How many stored saving periods it sums. */
  periods: z.number(),
});
export type ReportSaving = z.infer<typeof reportSaving>;

export const reportAnswer = z.object({
  scope: z.object({
    level: z.enum(REPORT_LEVELS),
    id: z.number(),
    title: z.string(),
    /** The place from the client down, "Aurora Hotels / Covent Garden / Guest rooms". */
    path: z.string(),
    clientId: z.number(),
  }),
  period: z.object({
    from: z.string(),
    to: z.string(),
    days: z.number(),
    timeZone: z.string(),
    /** In words: "November 2026", "Q3 2026", "2026", or "1 Oct 2026 - 15 Nov 2026". */
    label: z.string(),
  }),
  generated: z.string(),
  currency: z.string(),
  totals: reportFigures,
  /** The cost split: electricity, water and standing charges (they add up to totals.cost). */
  cost: z.object({
    electricity: z.number().nullable(),
    water: z.number().nullable(),
    standing: z.number().nullable(),
  }),
  /** What the baselines expected (stored savings' expected use); null where no pod has one. */
  expected: reportFigures.extend({
    /** Which pods the expected figures cover, in words ("12 of 14 pods"), or why there are none. */
    coverage: z.string(),
  }),
  /** The same period a year earlier, and how complete its readings are (0-1). */
  lastYear: reportFigures.extend({ from: z.string(), to: z.string(), completeness: z.number().nullable() }),
  emissions: z.object({
    /** kg CO2e per kWh, and where it comes from ("the client's configuration" or the national factor's source). */
    factor: z.number().nullable(),
    source: z.string(),
  }),
  savings: z.object({
    rows: z.array(reportSaving),
    /** Sums per unit over claimed rows: avoided with its +/- (in quadrature) and the money. */
    totals: z.array(
      z.object({
        unit: z.enum(SAVING_UNITS),
        avoided: z.number(),
        uncertainty: z.number().nullable(),
        valueFlat: z.number().nullable(),
        valuePercentage: z.number().nullable(),
      }),
    ),
  }),
  /** Daily actual against expected (with the 90 % band) and the running sum of avoided use, as /savings draws it. */
  daily: z.object({
    sensorType: z.enum(SAVING_SENSOR_TYPES),
    unit: z.enum(SAVING_UNITS),
    days: z.array(savingsDay),
    /** Why there is no expected line, or null. */
    reason: z.string().nullable(),
  }),
  score: scoreAnswer.extend({
    /** The 30 days the score covers, which may differ from the report period (in words). */
    covers: z.string(),
  }),
  notifications: z.object({
    total: z.number(),
    bySeverity: z.array(z.object({ severity: z.string(), count: z.number() })),
    /** The rules that raised the most notifications in the period, most first (at most 5). */
    noisiestRules: z.array(
      z.object({ ruleId: z.number(), title: z.string(), podTitle: z.string(), count: z.number() }),
    ),
  }),
  /** Use in unoccupied hours (docs/domain.md#green-score occupancy): the waste the score's Waste part judges. */
  emptyUse: z.object({
    electricityKwh: z.number().nullable(),
    /** Share of the scope's electricity used while empty, 0-100. */
    electricityShare: z.number().nullable(),
    waterLitres: z.number().nullable(),
    waterShare: z.number().nullable(),
    /** A caveat ("no motion sensor in 2 areas: 07:00-22:00 counted as occupied"), or null. */
    note: z.string().nullable(),
  }),
  /** Per pod: complete days (>= half the day's readings) of the period's days. */
  completeness: z.array(
    z.object({
      podId: z.number(),
      podTitle: z.string(),
      areaTitle: z.string(),
      locationTitle: z.string(),
      completeDays: z.number(),
      days: z.number(),
      /** completeDays / days, 0-1. */
      completeness: z.number(),
    }),
  ),
});
export type ReportAnswer = z.infer<typeof reportAnswer>;

/** A user's monthly report subscription (Settings: "Monthly report by e-mail"). */
export const reportSubscriptionBody = z.object({ locationId: z.coerce.number().int().positive() });
export const reportSubscription = z.object({
  id: z.number(),
  userId: z.number(),
  locationId: z.number(),
  locationTitle: z.string(),
  clientTitle: z.string(),
  created: z.string(),
});
export type ReportSubscription = z.infer<typeof reportSubscription>;
