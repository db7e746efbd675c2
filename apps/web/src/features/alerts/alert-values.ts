import { ALERT_UNITS, type AlertCard, type AlertStatus, alertValue, type Condition } from '@greenpod/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { formatValue } from '../../lib/sensor-values';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The value and its alert unit: "27.5 °C", "0.46 kWh", "0.104 L". Three significant digits at least, so
 * a value over its limit never reads as the limit itself.
 */
export function alertValueParts(card: Pick<AlertCard, 'sensorType' | 'voltage'>, reading: number) {
  const value = alertValue(card.sensorType, reading, card.voltage);
  return { text: formatValue(card.sensorType, value, 3), unit: ALERT_UNITS[card.sensorType] };
}

/** Electricity and water readings are one 5-minute interval's energy or volume: their figures say so. */
export const perInterval = (sensorType: string) => sensorType === 'ELECTRICITY' || sensorType === 'WATER_FLOW';

const CONDITION_WORDS: Record<Condition, string> = { greater: 'Above', smaller: 'Below', equal: 'Equal to' };

/** The limit in words: "Above 26 °C" (words, value and unit apart, for the card to set the unit small). */
export function limitParts(card: Pick<AlertCard, 'sensorType' | 'voltage' | 'condition' | 'threshold'>) {
  return { words: CONDITION_WORDS[card.condition], ...alertValueParts(card, card.threshold) };
}
export const limitText = (card: Parameters<typeof limitParts>[0]) => {
  const { words, text, unit } = limitParts(card);
  return `${words} ${text} ${unit}`;
};

/**
 * How soon this rule and pod may notify again (docs/domain.md#rules): "Repeats: at most once every 60
 * min"; when the client's cooldown is under the engine's minimum, the card says it was raised, and why.
 */
export function cooldownText(cooldown: AlertCard['cooldown']): string {
  const every = `Repeats: a new episode notifies at least ${cooldown.minutes} min after the last one ended`;
  if (cooldown.configured >= cooldown.minutes) return every;
  return `${every} (cooldown ${cooldown.configured} min raised to the minimum, so a flapping sensor is one episode per ${cooldown.minutes} min)`;
}

/** The pill's text: the status is said, not only coloured. */
export const STATUS_TEXT: Record<AlertStatus | 'none', string> = {
  ok: 'OK',
  close: 'Close',
  exceeded: 'Exceeded',
  none: 'N/A',
};

const PERIOD_WORDS = { DAILY: 'a day', WEEKLY: 'a week', MONTHLY: 'a month' } as const;

export const moneyText = (amount: number, currency: string) =>
  amount.toLocaleString(undefined, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The goal's amount and period apart ("€5.00", "a day"), for the card to set the period small. */
export const goalParts = (goal: NonNullable<AlertCard['goal']>) => ({
  amount: moneyText(goal.amount, goal.currency),
  period: PERIOD_WORDS[goal.period],
});
/** "€5.00 a day". */
export const goalText = (goal: NonNullable<AlertCard['goal']>) => {
  const { amount, period } = goalParts(goal);
  return `${amount} ${period}`;
};

/** Savings against the goal (docs/domain.md#savings): "25 % of the goal"; none for a goal of 0. */
export function goalShareText(savings: number, goal: number): string | null {
  if (goal <= 0) return null;
  return `${Math.round((savings / goal) * 100).toLocaleString()} % of the goal`;
}

/**
 * A wire time in the viewer's zone: "Today, 14:05", "Yesterday, 22:40", or "3 Mar 2026, 09:15"
 * (docs/domain.md#readings: the browser shows times in the viewer's zone).
 */
export function alertTime(wire: string, zone: string, now: Date = new Date()): string {
  const at = dayjs.utc(wire);
  if (!at.isValid()) return wire;
  const local = at.tz(zone);
  const today = dayjs(now).tz(zone).startOf('day');
  const clock = local.format('HH:mm');
  if (!local.isBefore(today)) return `Today, ${clock}`;
  if (!local.isBefore(today.subtract(1, 'day'))) return `Yesterday, ${clock}`;
  return local.format('D MMM YYYY, HH:mm');
}

/**
 * "Acknowledged by Ann Lee at 14:05" today, "... yesterday at 22:40", "... on 3 Mar 2026 at 09:15"
 * before (the viewer's zone). A deleted user's acknowledgement stands without a name.
 */
export function acknowledgedText(name: string | null, wire: string, zone: string, now: Date = new Date()): string {
  const who = `Acknowledged by ${name ?? 'a former user'}`;
  const at = dayjs.utc(wire);
  if (!at.isValid()) return `${who} at ${wire}`;
  const local = at.tz(zone);
  const today = dayjs(now).tz(zone).startOf('day');
  const clock = local.format('HH:mm');
  if (!local.isBefore(today)) return `${who} at ${clock}`;
  if (!local.isBefore(today.subtract(1, 'day'))) return `${who} yesterday at ${clock}`;
  return `${who} on ${local.format('D MMM YYYY')} at ${clock}`;
}
