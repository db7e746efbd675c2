import { SENSOR_TYPES, type SensorType } from './sensor-types';

/** How a value stands against a rule (docs/domain.md#rules): the episode states the gauges colour. */
export type RuleState = 'ok' | 'close' | 'exceeded';
export type Condition = 'greater' | 'smaller' | 'equal';

export interface Limit {
  condition: Condition;
  threshold: number;
}

export const DEFAULT_NOTIFICATION_MARGIN = 10;
export const DEFAULT_NOTIFICATION_COOLDOWN = 60;

/**
 * The least cooldown the engine applies, whatever the client's `notificationCooldown` says
 * (docs/domain.md#rules): one default reporting interval, so a pod reporting at its interval never
 * meets it, while a sensor flapping faster than that is folded into one notified episode per interval.
 */
export const MIN_NOTIFICATION_COOLDOWN = 5;

/** The cooldown in minutes the engine applies for a client's configured one. */
export const effectiveCooldown = (configured: number) => Math.max(configured, MIN_NOTIFICATION_COOLDOWN);
const RANK: Record<RuleState, number> = { ok: 0, close: 1, exceeded: 2 };

/** `equal` holds within 1e-9 relative, so a reading stored as 21.499999999 still equals 21.5. */
export const nearlyEqual = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b), Number.MIN_VALUE);

/**
 * `close` is within `marginPercent` of the threshold on the side a value approaches it from: below
 * for `greater`, above for `smaller`, either side for `equal`.
 */
export function ruleState(limit: Limit, value: number, marginPercent: number): RuleState {
  const { condition, threshold } = limit;
  const margin = (Math.abs(threshold) * marginPercent) / 100;
  switch (condition) {
    case 'greater':
      return value > threshold ? 'exceeded' : value >= threshold - margin ? 'close' : 'ok';
    case 'smaller':
      return value < threshold ? 'exceeded' : value <= threshold + margin ? 'close' : 'ok';
    case 'equal':
      return nearlyEqual(value, threshold) ? 'exceeded' : Math.abs(value - threshold) <= margin ? 'close' : 'ok';
    default:
      return condition satisfies never;
  }
}

/** The worst of several states. */
export const worstState = (states: RuleState[]): RuleState =>
  states.reduce<RuleState>((worst, s) => (RANK[s] > RANK[worst] ? s : worst), 'ok');

// Air quality without a rule still has a meaning of its own (IAQ): good to 50, poor from 400.
const IAQ = { close: 50, exceeded: 400 };

/**
 * A gauge's state: the worst over the rules that apply; for air quality with no rule, the IAQ bands.
 * Null when nothing judges the value (no rule, not air quality): the gauge stays neutral.
 */
export function gaugeState(
  sensorType: string,
  value: number,
  limits: readonly Limit[],
  marginPercent: number,
): RuleState | null {
  if (limits.length > 0) return worstState(limits.map((l) => ruleState(l, value, marginPercent)));
  if (sensorType !== 'AIR_QUALITY') return null;
  return value >= IAQ.exceeded ? 'exceeded' : value > IAQ.close ? 'close' : 'ok';
}

/**
 * A clear level must lie on the side a value returns to: at or below the threshold of a `greater` rule,
 * at or above that of a `smaller` one; an `equal` rule has no side to return to. Null when it fits.
 */
export function clearLevelProblem(condition: Condition, threshold: number, clearLevel: number | null): string | null {
  if (clearLevel === null) return null;
  if (condition === 'equal') return 'An equal rule has no clear level: leave it blank';
  if (condition === 'greater' && clearLevel > threshold)
    return 'The clear level of a greater rule must not be above its threshold';
  if (condition === 'smaller' && clearLevel < threshold)
    return 'The clear level of a smaller rule must not be below its threshold';
  return null;
}

export const THRESHOLD_NOT_A_NUMBER =
  'Threshold must be a numeric value. Please provide a valid number for the threshold.';
export const THRESHOLD_NO_SENSOR_TYPE = 'Please input Threshold value';

/**
 * What a rule's threshold may be, by its sensor's type (docs/screens.md#rule), and what is said
 * otherwise. Temperature and air quality follow docs/domain.md#spec-fixes: -40 to 100 accepted, and the
 * air quality message names the range it accepts. Motion is on or off.
 */
export const THRESHOLD_LIMITS: Record<SensorType, { accepts: (value: number) => boolean; message: string }> = {
  AIR_QUALITY: between(0, 5000, 'Air Quality threshold value must be between 0-5000'),
  ELECTRICITY: between(0, 10000, 'Electricity threshold value must be between 0-10000'),
  WATER_FLOW: between(0, 1000, 'Water Flow threshold value must be between 0-1000'),
  LUMINESCENCE: between(0, 100000, 'Luminescence threshold value must be between 0-100000'),
  BAROMETRIC: between(870, 1080, 'Barometric threshold value must be between 870-1080'),
  HUMIDITY: between(0, 100, 'Humidity threshold value must be between 0-100'),
  TEMPERATURE: between(-40, 100, 'Temperature threshold value must be between -40 to 100'),
  MOTION: { accepts: (v) => v === 0 || v === 1, message: 'Motion threshold value must be 0 or 1' },
};

function between(min: number, max: number, message: string) {
  return { accepts: (v: number) => v >= min && v <= max, message };
}

const isSensorType = (type: unknown): type is SensorType => SENSOR_TYPES.includes(type as SensorType);

/**
 * A rule's threshold against the type of its sensor: not a number first, then the type's range; a
 * sensor of no known type (none chosen yet) asks for the value again. Form inputs are strings, so a
 * numeric string counts as its number. Null when it fits.
 */
export function thresholdProblem(sensorType: unknown, value: unknown): string | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return THRESHOLD_NOT_A_NUMBER;
  if (!isSensorType(sensorType)) return THRESHOLD_NO_SENSOR_TYPE;
  const limit = THRESHOLD_LIMITS[sensorType];
  return limit.accepts(n) ? null : limit.message;
}
