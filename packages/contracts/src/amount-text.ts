import type { SavingCard } from './savings';

/**
 * How amounts read wherever they are shown (the Savings page, the report's screen and its PDF), so each says the
 * same figure the same way.
 */
type SavingAmounts = Pick<
  SavingCard,
  'avoided' | 'uncertainty' | 'unit' | 'valuePercentage' | 'valueFlat' | 'uncertaintyFlat' | 'currency'
>;

/**
 * An amount of energy or water as a card says it: whole units from 100 up, one decimal from 10, two below
 * (412 kWh, 61.2 kWh, 3.27 kWh), so a pod's small daily figures keep their meaning.
 */
export function quantity(value: number): string {
  const size = Math.abs(value);
  return QUANTITY_FORMATS[size >= 100 ? 0 : size >= 10 ? 1 : 2].format(value);
}
// Made once: building a number format for each figure was most of the time a year's report PDF took.
const QUANTITY_FORMATS = [0, 1, 2].map(
  (digits) => new Intl.NumberFormat('en', { maximumFractionDigits: digits, minimumFractionDigits: 0 }),
) as [Intl.NumberFormat, Intl.NumberFormat, Intl.NumberFormat];
const MONEY_FORMATS = new Map<string, Intl.NumberFormat | null>();

function moneyFormat(currency: string): Intl.NumberFormat | null {
  if (!MONEY_FORMATS.has(currency)) {
    let format: Intl.NumberFormat | null = null;
    try {
      format = new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      // An unknown code: written after the amount instead.
    }
    MONEY_FORMATS.set(currency, format);
  }
  return MONEY_FORMATS.get(currency) ?? null;
}

/** Money in the card's currency, always to 2 decimals ("€52.40"); an unknown code reads "52.40 XYZ". */
export function money(amount: number, currency: string): string {
  return moneyFormat(currency)?.format(amount) ?? `${amount.toFixed(2)} ${currency}`;
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
export function savedText(card: Pick<SavingAmounts, 'avoided' | 'uncertainty' | 'unit' | 'valuePercentage'>): string {
  const { avoided, uncertainty, unit, valuePercentage } = card;
  if (avoided === null) return 'No saving could be computed for this period';
  const plusMinus = uncertainty === null ? '' : ` +/- ${quantity(uncertainty)} ${unit}`;
  if (avoided < 0) {
    return `Used ${quantity(-avoided)} ${unit}${plusMinus} more than expected${percent(valuePercentage)}`;
  }
  return `Saved ${quantity(avoided)} ${unit}${plusMinus}${percent(valuePercentage)}`;
}

/** The saving in money: "€52.40 +/- €7.70", or "-€4.10" when more was used than expected. */
export function moneyText(card: Pick<SavingAmounts, 'valueFlat' | 'uncertaintyFlat' | 'currency'>): string | null {
  if (card.valueFlat === null) return null;
  const plusMinus = card.uncertaintyFlat === null ? '' : ` +/- ${money(card.uncertaintyFlat, card.currency)}`;
  return `${money(card.valueFlat, card.currency)}${plusMinus}`;
}
