import { type SavingCard, SENSOR_LABELS } from '@greenpod/contracts';
import type { CsvCell } from '../../lib/csv';

/**
 * An amount of energy or water as a card says it: whole units from 100 up, one decimal from 10, two below
 * (412 kWh, 61.2 kWh, 3.27 kWh), so a pod's small daily figures keep their meaning.
 */
export function quantity(value: number): string {
  const size = Math.abs(value);
  const digits = size >= 100 ? 0 : size >= 10 ? 1 : 2;
  return value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/** Money in the card's currency, always to 2 decimals ("€52.40"); an unknown code reads "52.40 XYZ". */
export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** The currency's symbol ("€"), for the progress card's figures. */
export function currencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en', { style: 'currency', currency }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return `${currency} `;
  }
}

const percent = (value: number | null) => (value === null ? '' : `, ${value.toFixed(1)} %`);

/**
 * The saving in words: "Saved 412 kWh +/- 61 kWh, 14.2 %"; without an uncertainty (the tariff's fixed
 * baseline) "Saved 412 kWh, 14.2 %"; more used than expected "Used 30 kWh more than expected, -5.0 %".
 */
export function savedText(card: Pick<SavingCard, 'avoided' | 'uncertainty' | 'unit' | 'valuePercentage'>): string {
  const { avoided, uncertainty, unit, valuePercentage } = card;
  if (avoided === null) return 'No saving could be computed for this period';
  const plusMinus = uncertainty === null ? '' : ` +/- ${quantity(uncertainty)} ${unit}`;
  if (avoided < 0) {
    return `Used ${quantity(-avoided)} ${unit}${plusMinus} more than expected${percent(valuePercentage)}`;
  }
  return `Saved ${quantity(avoided)} ${unit}${plusMinus}${percent(valuePercentage)}`;
}

/** The saving in money: "€52.40 +/- €7.70", or "-€4.10" when more was used than expected. */
export function moneyText(card: Pick<SavingCard, 'valueFlat' | 'uncertaintyFlat' | 'currency'>): string | null {
  if (card.valueFlat === null) return null;
  const plusMinus = card.uncertaintyFlat === null ? '' : ` +/- ${money(card.uncertaintyFlat, card.currency)}`;
  return `${money(card.valueFlat, card.currency)}${plusMinus}`;
}

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
