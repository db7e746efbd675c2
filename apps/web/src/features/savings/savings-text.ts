import { money, type SavingCard, SENSOR_LABELS } from '@greenpod/contracts';

export { currencySymbol, money, moneyText, quantity, savedText } from '@greenpod/contracts';

import type { CsvCell } from '../../lib/csv';

/**
 * The goal message (viewer.md: percentage of goal achieved = savings / goal, the amount to 2 decimals):
 * "You achieved 82 % of your goal of €50.00"; null without a goal.
 */
export function goalText(card: Pick<SavingCard, 'goal' | 'goalProgress' | 'currency'>): string | null {
  const { goal, goalProgress, currency } = card;
  if (goal === null || goalProgress === null || !(goal > 0)) return null;
  const amount = money(goal, currency);
  if (goalProgress < 0) return `Nothing saved towards your goal of ${amount}: more was used than expected`;
  return `You achieved ${Math.round(goalProgress)} % of your goal of ${amount}`;
}

/** "Aurora Dubai · First floor · Room 101". */
export const placeText = (card: Pick<SavingCard, 'locationTitle' | 'areaTitle' | 'podTitle'>) =>
  [card.locationTitle, card.areaTitle, card.podTitle].filter(Boolean).join(' · ');

export const sensorLabel = (type: SavingCard['sensorType']) => SENSOR_LABELS[type];

/** The best savings first (the carousel): claimed or tariff savings above zero, by money then amount. */
export function topSavings(cards: readonly SavingCard[], count = 6): SavingCard[] {
  return cards
    .filter((c) => (c.avoided ?? 0) > 0 && c.status !== 'not-significant')
    .sort((a, b) => (b.valueFlat ?? 0) - (a.valueFlat ?? 0) || (b.valuePercentage ?? 0) - (a.valuePercentage ?? 0))
    .slice(0, count);
}

const CSV_HEADER = [
  'Location',
  'Area',
  'Pod',
  'Sensor type',
  'Period start',
  'Period end',
  'Expected',
  'Actual',
  'Saved',
  'Uncertainty (+/-)',
  'Unit',
  'Saved (money)',
  'Uncertainty (money, +/-)',
  'Currency',
  'Percentage',
  'Goal',
  'Goal achieved (%)',
  'Stars',
  'Method',
  'Status',
  'Reason',
];

/** The shown savings as CSV rows (lib/csv makes every cell formula-safe when written). */
export function savingsCsvRows(cards: readonly SavingCard[]): CsvCell[][] {
  return [
    CSV_HEADER,
    ...cards.map((c) => [
      c.locationTitle,
      c.areaTitle,
      c.podTitle,
      sensorLabel(c.sensorType),
      c.periodStart,
      c.periodEnd,
      c.expected,
      c.actual,
      c.avoided,
      c.uncertainty,
      c.unit,
      c.valueFlat,
      c.uncertaintyFlat,
      c.currency,
      c.valuePercentage,
      c.goal,
      c.goalProgress === null ? null : Math.round(c.goalProgress * 10) / 10,
      c.stars,
      c.methodText,
      c.status,
      c.reason,
    ]),
  ];
}
