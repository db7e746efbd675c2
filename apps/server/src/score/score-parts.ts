import type { ScoreAnswer, ScorePartAnswer } from '@greenpod/contracts';

/**
 * The green score's arithmetic (docs/domain.md#green-score), pure: each part's stars from its figure, the
 * "next star" texts, the rounded mean and the completeness gate. The queries (score-compute.ts) feed it sums.
 */

/** The share of expected 5-minute readings a scope needs over the 30 days to have a score. */
export const MIN_COMPLETENESS = 0.9;
/** The window the score covers. */
export const SCORE_DAYS = 30;
/** An area without a motion sensor counts these hours (from 07:00 to 22:00 local time) as occupied. */
export const DEFAULT_OCCUPIED_FROM_HOUR = 7;
export const DEFAULT_OCCUPIED_TO_HOUR = 22;

/** EN 16798-1 category II (temperature), with the humidity and air quality bands the score holds to. */
export const COMFORT = { minC: 20, maxC: 26, minRh: 30, maxRh: 60, maxIaq: 100 } as const;

export const NO_DATA_REASON = 'No savings, comfort or electricity data in the last 30 days';

const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

/** One star per full 5 % saved, at least 1, at most 5. */
export const energyStars = (percentage: number) => Math.max(1, Math.min(5, Math.floor(percentage / 5 + 1e-9)));

// The lowest share of comfortable occupied hours that earns 5, 4, 3 and 2 stars.
const COMFORT_STEPS = [95, 90, 80, 65] as const;
export const comfortStars = (share: number) => {
  const i = COMFORT_STEPS.findIndex((min) => share >= min - 1e-9);
  return i < 0 ? 1 : 5 - i;
};

// The highest share of electricity used in empty hours that earns 5, 4, 3 and 2 stars.
const WASTE_STEPS = [10, 20, 30, 45] as const;
export const wasteStars = (share: number) => {
  const i = WASTE_STEPS.findIndex((max) => share <= max + 1e-9);
  return i < 0 ? 1 : 5 - i;
};

/** Energy: claimed savings (avoided / expected x 100) against the scope's baselines. */
export function energyPart(percentage: number): ScorePartAnswer {
  const stars = energyStars(percentage);
  const target = (stars + 1) * 5;
  const more = Math.max(0, target - percentage);
  return {
    part: 'energy',
    stars,
    value: Math.round(percentage * 10) / 10,
    unit: '%',
    reference: 'Claimed savings against the baselines over the last 30 days: one star per full 5 % saved',
    next:
      stars >= 5
        ? null
        : `Save ${fmt(more)} % more than the baseline: ${target} % earns ${stars + 1} stars (now ${fmt(percentage)} %)`,
    note: null,
    tipTags: ['ELECTRICITY', 'WATER_FLOW'],
  };
}

const COMFORT_BANDS = `${COMFORT.minC}-${COMFORT.maxC} °C, ${COMFORT.minRh}-${COMFORT.maxRh} % RH and IAQ ${COMFORT.maxIaq}`;

/** Comfort: the share of occupied hours with each measured value inside its band. */
export function comfortPart(share: number, note: string | null): ScorePartAnswer {
  const stars = comfortStars(share);
  const target = COMFORT_STEPS[4 - stars];
  return {
    part: 'comfort',
    stars,
    value: Math.round(share * 10) / 10,
    unit: '%',
    reference: `EN 16798-1 category II: occupied hours within ${COMFORT_BANDS} (each where measured)`,
    next:
      target === undefined ? null : `Keep ${target} % of occupied hours within ${COMFORT_BANDS} (now ${fmt(share)} %)`,
    note,
    tipTags: ['TEMPERATURE', 'HUMIDITY', 'AIR_QUALITY'],
  };
}

/** Waste: the share of electricity used while nobody is there. */
export function wastePart(share: number, note: string | null): ScorePartAnswer {
  const stars = wasteStars(share);
  const target = WASTE_STEPS[4 - stars];
  return {
    part: 'waste',
    stars,
    value: Math.round(share * 10) / 10,
    unit: '%',
    reference: 'Electricity used in unoccupied hours: 10 % or less earns 5 stars',
    next: target === undefined ? null : `Use at most ${target} % of electricity in empty hours (now ${fmt(share)} %)`,
    note,
    tipTags: ['ELECTRICITY', 'MOTION'],
  };
}

/** The note a comfort or waste part carries when some of its areas have no motion sensor. */
export function occupancyNote(areasWithoutMotion: number, areas: number, timeZones: readonly string[]): string | null {
  if (areasWithoutMotion === 0) return null;
  const zones = [...new Set(timeZones)].sort().join(', ');
  const hours = `07:00-22:00 (${zones}) counted as occupied`;
  return areasWithoutMotion >= areas
    ? `No motion sensor: ${hours}`
    : `No motion sensor in ${areasWithoutMotion} of ${areas} areas: ${hours} there`;
}

/** The sums a scope's parts come from (additive over pods, so a scope's are its pods' added up). */
export interface ScoreSums {
  /** Readings received (hourly counts, at most 12 an hour) and expected (12 an hour per sensor type carried). */
  readings: number;
  expectedReadings: number;
  /** Per saving sensor type: sum avoided and sum expected of the claimed savings. */
  savings: Record<string, { avoided: number; expected: number }>;
  /** Pod-hours occupied with a comfort reading, and those of them within every measured band. */
  occupiedHours: number;
  comfortableHours: number;
  /** Electricity (kWh) over the 30 days, and the part of it in unoccupied hours. */
  electricity: number;
  emptyElectricity: number;
}

export const emptySums = (): ScoreSums => ({
  readings: 0,
  expectedReadings: 0,
  savings: {},
  occupiedHours: 0,
  comfortableHours: 0,
  electricity: 0,
  emptyElectricity: 0,
});

export function addSums(into: ScoreSums, s: ScoreSums): ScoreSums {
  into.readings += s.readings;
  into.expectedReadings += s.expectedReadings;
  into.occupiedHours += s.occupiedHours;
  into.comfortableHours += s.comfortableHours;
  into.electricity += s.electricity;
  into.emptyElectricity += s.emptyElectricity;
  for (const [type, v] of Object.entries(s.savings)) {
    const t = into.savings[type] ?? { avoided: 0, expected: 0 };
    t.avoided += v.avoided;
    t.expected += v.expected;
    into.savings[type] = t;
  }
  return into;
}

/**
 * The energy figure: per saving sensor type (electricity, water) sum avoided / sum expected x 100, and the
 * mean of the types the scope has (litres and kWh are never added together). Null without claimed savings.
 */
export function energyPercentage(savings: ScoreSums['savings']): number | null {
  const shares = Object.values(savings)
    .filter((v) => v.expected > 0)
    .map((v) => (v.avoided / v.expected) * 100);
  return shares.length ? shares.reduce((a, b) => a + b, 0) / shares.length : null;
}

/** The parts a scope has data for, in SCORE_PARTS order. */
export function partsOf(sums: ScoreSums, note: string | null): ScorePartAnswer[] {
  const parts: ScorePartAnswer[] = [];
  const energy = energyPercentage(sums.savings);
  if (energy !== null) parts.push(energyPart(energy));
  if (sums.occupiedHours > 0) parts.push(comfortPart((sums.comfortableHours / sums.occupiedHours) * 100, note));
  if (sums.electricity > 0) parts.push(wastePart((sums.emptyElectricity / sums.electricity) * 100, note));
  return parts;
}

/** The rounded mean of the parts' stars (halves round up), 1..5. */
export const meanStars = (parts: readonly Pick<ScorePartAnswer, 'stars'>[]) =>
  Math.max(1, Math.min(5, Math.round(parts.reduce((a, p) => a + p.stars, 0) / parts.length)));

/** Readings received over readings expected, 0..1; null when nothing was expected (no sensor carried). */
export const completenessOf = (readings: number, expected: number) =>
  expected > 0 ? Math.min(1, readings / expected) : null;

/** A scope's score: the parts' rounded mean, or null with the reason (too few readings, or no part). */
export function scoreOf(completeness: number | null, parts: ScorePartAnswer[]): Omit<ScoreAnswer, 'computed'> {
  if (completeness !== null && completeness < MIN_COMPLETENESS - 1e-9) {
    return {
      stars: null,
      reason: `Readings cover ${Math.floor(completeness * 100)} % of the last 30 days; at least ${MIN_COMPLETENESS * 100} % are needed`,
      completeness,
      parts,
    };
  }
  if (parts.length === 0) return { stars: null, reason: NO_DATA_REASON, completeness, parts };
  return { stars: meanStars(parts), reason: null, completeness, parts };
}
