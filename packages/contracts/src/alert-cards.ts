import { z } from 'zod';
import { CONDITIONS, CURRENCIES, PERIOD_TYPES, SEVERITIES } from './choices';
import { SENSOR_TYPES, SENSOR_UNITS, type SensorType } from './sensor-types';

/**
 * The alerts page's cards (docs/api.md#alert-cards, docs/domain.md#rules): one per rule and pod it
 * applies to. Server and web share this schema: the route answers through it, the web reads it.
 */

/** A UTC wire time, `yyyy-MM-dd HH:mm:ss`. */
const wireTime = z.string();

export const ALERT_STATUSES = ['ok', 'close', 'exceeded'] as const;

export const alertCardSchema = z.object({
  ruleId: z.number(),
  podId: z.number(),
  /** The rule's title. */
  title: z.string(),
  podTitle: z.string(),
  areaTitle: z.string(),
  locationTitle: z.string(),
  sensorType: z.enum(SENSOR_TYPES),
  /** `saving` when a tariff covers this pod and sensor type: the card then carries goal and savings. */
  type: z.enum(['default', 'saving']),
  /** The episode's phase, or the latest reading against the limit; null with neither. */
  status: z.enum(ALERT_STATUSES).nullable(),
  condition: z.enum(CONDITIONS),
  threshold: z.number(),
  severity: z.enum(SEVERITIES),
  action: z.string(),
  /** The pod's voltage, which turns an electricity reading into kWh. */
  voltage: z.number(),
  /** The latest reading of this pod and sensor type, as the pod sent it. */
  current: z.object({ value: z.number(), at: wireTime }).nullable(),
  /** The tariff's money goal per period. */
  goal: z.object({ amount: z.number(), currency: z.enum(CURRENCIES), period: z.enum(PERIOD_TYPES) }).nullable(),
  /** The latest saving of this pod and sensor type (in the goal's currency). */
  /** The latest saving with money, and the first day (yyyy-MM-dd) of its period. */
  savings: z.object({ amount: z.number(), periodStart: z.string() }).nullable(),
  /** When the rule last fired on this pod (its latest ALERT). */
  lastBreachAt: wireTime.nullable(),
  /** The open episode's start, as the rules engine keeps it; null when none is open (or none evaluated). */
  episodeStartedAt: wireTime.nullable(),
  /**
   * Minutes after a notified episode ends before a new one of this rule and pod may notify: the client's
   * `notificationCooldown` (configured) and what the engine applies, never under the minimum that folds
   * a flapping sensor (docs/domain.md#rules).
   */
  cooldown: z.object({ configured: z.number(), minutes: z.number() }),
  /** Who acknowledged the open episode, and when; null when no one has (or the episode ended). */
  acknowledgement: z.object({ userId: z.number().nullable(), name: z.string().nullable(), at: wireTime }).nullable(),
});
export type AlertCard = z.infer<typeof alertCardSchema>;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/**
 * A reading as the alerts and notifications show it (docs/domain.md#rules): a rule judges readings as pods
 * send them, one per 5-minute interval, so electricity shows as that interval's energy, reading x voltage /
 * 1000 kWh (docs/domain.md#consumption), water flow as its litres, the others as they are.
 */
export function alertValue(sensorType: string, reading: number, voltage: number): number {
  return sensorType === 'ELECTRICITY' ? (reading * voltage) / 1000 : reading;
}

/** Alert units by sensor (docs/domain.md#rules): a reading's energy and volume; the card units elsewhere. */
export const ALERT_UNITS: Record<SensorType, string> = {
  ...SENSOR_UNITS,
  ELECTRICITY: 'kWh',
  WATER_FLOW: 'L',
  TEMPERATURE: '°C',
};
