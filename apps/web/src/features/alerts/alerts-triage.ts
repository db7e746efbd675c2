import { type AlertCard, SENSOR_LABELS } from '@greenpod/contracts';

/**
 * Where a card stands on the alerts page (docs/screens.md#alerts): what needs someone leads, an exceeded rule
 * no one has taken up before a close one, and an acknowledged one (someone is on it) after both; the rules
 * within their limits, and those without a reading, fold into the compact list.
 */
function rank(card: AlertCard): number | null {
  if (card.status === 'exceeded') return card.acknowledgement ? 2 : 0;
  if (card.status === 'close') return 1;
  return null;
}

export function triage(cards: readonly AlertCard[]) {
  const needing = cards
    .map((card, i) => ({ card, i, rank: rank(card) }))
    .filter((x): x is { card: AlertCard; i: number; rank: number } => x.rank !== null)
    // The server's order within a rank stays (Array.prototype.sort is stable; the index settles ties anyway).
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.card);
  const within = cards.filter((card) => rank(card) === null);
  return { needing, within };
}

/** Whether a card answers the filter: its rule, pod, area, location or sensor, in any case. */
export function matchesFilter(card: AlertCard, filter: string): boolean {
  const words = filter.trim().toLowerCase();
  if (words === '') return true;
  const text = [card.title, card.podTitle, card.areaTitle, card.locationTitle, SENSOR_LABELS[card.sensorType]]
    .join(' ')
    .toLowerCase();
  return words.split(/\s+/).every((word) => text.includes(word));
}
