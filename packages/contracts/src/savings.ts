import { z } from 'zod';
import { PERIOD_TYPES } from './choices';

/** What a saving is measured on, its units, methods and statuses (docs/domain.md#savings). */
export const SAVING_SENSOR_TYPES = ['ELECTRICITY', 'WATER_FLOW'] as const;
export type SavingSensorType = (typeof SAVING_SENSOR_TYPES)[number];
export const SAVING_UNITS = ['kWh', 'L'] as const;
export const SAVING_UNIT: Record<SavingSensorType, (typeof SAVING_UNITS)[number]> = {
  ELECTRICITY: 'kWh',
  WATER_FLOW: 'L',
};
export const SAVING_METHODS = ['model', 'tariff'] as const;
export type SavingMethod = (typeof SAVING_METHODS)[number];
/**
 * `claimed` and `not-significant` (FSU >= 50 %) with the model; with the tariff's fixed `value`: `tariff` when the
 * tariff names no baseline period, else why the model was not used.
 */
export const SAVING_STATUSES = [
  'claimed',
  'not-significant',
  'tariff',
  'insufficient-data',
  'unreliable-model',
] as const;
export type SavingStatus = (typeof SAVING_STATUSES)[number];

/** The savings confidence: a saving is claimed when its fractional savings uncertainty is under this. */
export const MAX_CLAIMED_FSU = 0.5;
/** One star per full 5 % claimed, at most 5 (docs/domain.md#savings). */
export const starsForPercentage = (percentage: number | null, claimed: boolean): number =>
  !claimed || percentage === null || !(percentage > 0) ? 0 : Math.min(5, Math.floor(percentage / 5 + 1e-9));

/** Create Savings (POST /api/savings): computes that pod, sensor and period type's missing closed periods. */
export const savingsCreateBody = z.object({
  groupId: z.coerce.number().int().positive(),
  clientId: z.coerce.number().int().positive(),
  podId: z.coerce.number().int().positive(),
  sensorId: z.coerce.number().int().positive(),
  type: z.enum(PERIOD_TYPES),
});
export type SavingsCreateBody = z.infer<typeof savingsCreateBody>;

/** A fitted baseline's figures (docs/domain.md#measured-baseline): the model card and each saving's `model`. */
export const baselineModelCard = z.object({
  status: z.enum(['ok', 'provisional', 'insufficient-data', 'unreliable-model']),
  /** Why the model cannot claim, in plain words; null when it can. */
  reason: z.string().nullable(),
  drivers: z.array(z.enum(['hdd', 'cdd', 'occupancy'])),
  heatingBalancePointC: z.number().nullable(),
  coolingBalancePointC: z.number().nullable(),
  intercept: z.number().nullable(),
  heatingSlope: z.number().nullable(),
  coolingSlope: z.number().nullable(),
  occupancySlope: z.number().nullable(),
  rSquared: z.number().nullable(),
  adjustedRSquared: z.number().nullable(),
  cvRmse: z.number().nullable(),
  nmbe: z.number().nullable(),
  autocorrelation: z.number().nullable(),
  daysUsed: z.number(),
  baselineDays: z.number(),
  completeness: z.number().nullable(),
  /** Whether the location has an outdoor pod, so weather could be a driver. */
  weather: z.boolean(),
});
export type BaselineModelCard = z.infer<typeof baselineModelCard>;

/** GET /api/savings/model: the card of one pod and sensor type, with the baseline period it was fitted on. */
export const savingsModelAnswer = z.object({
  podId: z.number(),
  podTitle: z.string(),
  sensorType: z.enum(SAVING_SENSOR_TYPES),
  unit: z.enum(SAVING_UNITS),
  baselineFrom: z.string().nullable(),
  baselineTo: z.string().nullable(),
  /** `model` when a baseline period is named and the model can claim; else `tariff` (the fixed value) or none. */
  method: z.enum(SAVING_METHODS).nullable(),
  /** The card, or null when the tariff names no baseline period. */
  model: baselineModelCard.nullable(),
  /** The whole story in words ("against the measured baseline: weather and occupancy", or why not). */
  summary: z.string(),
});
export type SavingsModelAnswer = z.infer<typeof savingsModelAnswer>;

/** The Savings page's tabs: the last closed day, week, month, or the last twelve closed months. */
export const SAVINGS_WINDOWS = ['day', 'week', 'month', 'year'] as const;
export type SavingsWindow = (typeof SAVINGS_WINDOWS)[number];

/** Goal progress levels of the progress card (viewer.md's HIGH / MEDIUM / LOW). */
export const GOAL_LEVELS = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type GoalLevel = (typeof GOAL_LEVELS)[number];
/** HIGH from 75 % of the goal, MEDIUM from 25 %, else LOW (docs/domain.md#savings). */
export const goalLevel = (progressPercent: number | null): GoalLevel =>
  progressPercent === null || progressPercent < 25 ? 'LOW' : progressPercent < 75 ? 'MEDIUM' : 'HIGH';

/** One card of the Savings page: a pod and sensor type's savings over the chosen window. */
export const savingCard = z.object({
  podId: z.number(),
  podTitle: z.string(),
  areaTitle: z.string(),
  locationTitle: z.string(),
  sensorType: z.enum(SAVING_SENSOR_TYPES),
  unit: z.enum(SAVING_UNITS),
  /** The window's first and last day (yyyy-MM-dd) and in words. */
  periodStart: z.string(),
  periodEnd: z.string(),
  timeRange: z.string(),
  expected: z.number().nullable(),
  actual: z.number().nullable(),
  avoided: z.number().nullable(),
  /** +/- in `unit` at 90 % confidence; null for the tariff method. */
  uncertainty: z.number().nullable(),
  valueFlat: z.number().nullable(),
  /** +/- in money; null for the tariff method. */
  uncertaintyFlat: z.number().nullable(),
  currency: z.string(),
  valuePercentage: z.number().nullable(),
  stars: z.number(),
  method: z.enum(SAVING_METHODS),
  status: z.enum(SAVING_STATUSES),
  /** Why the model was not used or the saving not claimed, in plain words; null when claimed. */
  reason: z.string().nullable(),
  /** The method in words ("against the measured baseline: weather and occupancy"). */
  methodText: z.string(),
  /** The money goal over the window (the tariff's savingFlat per period x periods), and valueFlat / goal x 100. */
  goal: z.number().nullable(),
  goalProgress: z.number().nullable(),
  level: z.enum(GOAL_LEVELS),
  /** How many saving periods the window sums (a year of monthly savings: 12). */
  periods: z.number(),
});
export type SavingCard = z.infer<typeof savingCard>;

/** One day of the chart: expected (with its 90 % band) against actual, and the running sum of avoided use. */
export const savingsDay = z.object({
  date: z.string(),
  expected: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  actual: z.number().nullable(),
  cusum: z.number().nullable(),
});
export type SavingsDay = z.infer<typeof savingsDay>;

/** GET /api/savings/summary: the Savings page for a window and place. */
export const savingsSummary = z.object({
  window: z.enum(SAVINGS_WINDOWS),
  from: z.string(),
  to: z.string(),
  cards: z.array(savingCard),
  /** The chart's sensor type and unit, and its days (the place's pods measured by the model). */
  chart: z.object({
    sensorType: z.enum(SAVING_SENSOR_TYPES),
    unit: z.enum(SAVING_UNITS),
    days: z.array(savingsDay),
    /** Why there is no chart (no pod of the place has a measured baseline), or null. */
    reason: z.string().nullable(),
  }),
});
export type SavingsSummary = z.infer<typeof savingsSummary>;

/** The green score's parts (docs/domain.md#green-score). */
export const SCORE_PARTS = ['energy', 'comfort', 'waste'] as const;
export type ScorePart = (typeof SCORE_PARTS)[number];
export const scorePart = z.object({
  part: z.enum(SCORE_PARTS),
  stars: z.number(),
  /** The figure (a percentage) and its unit ('%'). */
  value: z.number(),
  unit: z.string(),
  /** The reference it is judged against, in words ("EN 16798-1 category II: 20-26 degC, ..."). */
  reference: z.string(),
  /** What would earn the next star, or null at 5 stars. */
  next: z.string().nullable(),
  /** A caveat the part carries ("no motion sensor: 07:00-22:00 counted as occupied"), or null. */
  note: z.string().nullable(),
  /** Sensor types whose tips help this part (the "next star" hint links to them). */
  tipTags: z.array(z.string()),
});
export type ScorePartAnswer = z.infer<typeof scorePart>;

/** The levels a green score is kept for (green_score.level). */
export const SCORE_LEVELS = ['client', 'location', 'area', 'pod'] as const;
export type ScoreLevel = (typeof SCORE_LEVELS)[number];
/** An outdoor pod's score: none (docs/domain.md#green-score). */
export const OUTDOOR_SCORE_REASON = 'Outdoor pod: measures the weather';
/** The part names as the screens write them. */
export const SCORE_PART_LABELS: Record<ScorePart, string> = { energy: 'Energy', comfort: 'Comfort', waste: 'Waste' };

/** GET /api/score: a scope's stars over the last 30 days, or null with the reason. */
export const scoreAnswer = z.object({
  stars: z.number().int().min(1).max(5).nullable(),
  reason: z.string().nullable(),
  completeness: z.number().nullable(),
  parts: z.array(scorePart),
  /** When it was computed (scores are computed with the savings and rollups, not per request). */
  computed: z.string().nullable(),
});
export type ScoreAnswer = z.infer<typeof scoreAnswer>;
