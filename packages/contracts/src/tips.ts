import { z } from 'zod';
import { pagingSchema } from './list-params';
import type { Condition } from './rule-state';
import { SENSOR_LABELS, SENSOR_TYPES, type SensorType } from './sensor-types';

/**
 * The tips page and one tip article (docs/api.md#tips, docs/domain.md#tips). Server and web share these
 * schemas: the routes answer through them, the web reads them.
 */

/**
 * A tip's tags by name, as the tip form and the tips page show them. The specs call the water flow tag
 * "Water Usage" (docs/domain.md#spec-fixes); every other tag is its sensor's label.
 */
export const TIP_TAG_LABELS: Readonly<Record<SensorType, string>> = { ...SENSOR_LABELS, WATER_FLOW: 'Water Usage' };

export const TIP_URGENCIES = ['exceeded', 'close'] as const;
export type TipUrgency = (typeof TIP_URGENCIES)[number];

/** Why a tip is urgent: one rule on one pod of the tip's location, exceeded or close right now, on one of its tags. */
export const tipReasonSchema = z.object({
  status: z.enum(TIP_URGENCIES),
  sensorType: z.enum(SENSOR_TYPES),
  /** "Temperature above its limit in Guest rooms, Dubai Guest rooms #101". */
  text: z.string(),
});
export type TipReason = z.infer<typeof tipReasonSchema>;

export const tipCardSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  locationId: z.number(),
  locationTitle: z.string(),
  tags: z.array(z.enum(SENSOR_TYPES)),
  /** The worst status among the reasons; null when none of the tip's tags is close or exceeded. */
  urgency: z.enum(TIP_URGENCIES).nullable(),
  /** Exceeded ones first, then close; empty when the tip is not urgent. */
  reasons: z.array(tipReasonSchema),
});
export type TipCard = z.infer<typeof tipCardSchema>;

/** GET /api/tips: one page of the caller's active tips, the urgent ones first. */
export const tipListSchema = z.object({ success: z.literal(true), data: z.array(tipCardSchema), paging: pagingSchema });
export type TipList = z.infer<typeof tipListSchema>;

/** What `tag` filters on, and what a tips list may be sorted by (docs/api.md#tips). */
export const TIP_SORT_KEYS = ['title', 'locationTitle', 'created'] as const;
export const TIP_SEARCH_FIELDS = ['title', 'description', 'locationTitle'] as const;

const PHRASES: Record<Condition, string> = {
  greater: 'above its limit',
  smaller: 'below its limit',
  equal: 'at its limit',
};

/**
 * Why a tip is urgent, in words (docs/domain.md#tips): the sensor's label, how it stands against the rule
 * ("above its limit" / "below its limit" / "at its limit" when exceeded, "close to its limit" when close),
 * and where: the area, then the pod.
 */
export function tipReasonText(r: {
  status: TipUrgency;
  sensorType: SensorType;
  condition: Condition;
  areaTitle: string;
  podTitle: string;
}): string {
  const phrase = r.status === 'exceeded' ? PHRASES[r.condition] : 'close to its limit';
  return `${SENSOR_LABELS[r.sensorType]} ${phrase} in ${r.areaTitle}, ${r.podTitle}`;
}
