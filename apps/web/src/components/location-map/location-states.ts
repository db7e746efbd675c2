import type { LocationMarker } from '@greenpod/contracts';
import { STATE_COLORS } from '../../lib/sensor-values';

export type LocationState = NonNullable<LocationMarker['state']> | 'none';

/** Worst first: the legend's order, and the order markers stack in (the worst on top). */
export const LOCATION_STATES: readonly LocationState[] = ['exceeded', 'close', 'ok', 'none'];

/** A location's state in words, as the dashboard's gauges say it (docs/screens.md#locations): never colour alone. */
export const LOCATION_STATE_TEXT: Record<LocationState, string> = {
  exceeded: 'Limit exceeded',
  close: 'Close to a limit',
  ok: 'Within limits',
  none: 'No data',
};

export const stateOf = (location: Pick<LocationMarker, 'state'>): LocationState => location.state ?? 'none';

export const stateColor = (state: LocationState) => STATE_COLORS[state];

/** "1 open alert", "2 open alerts"; nothing when none is open. */
export function openAlertsText(openAlerts: number): string | null {
  if (openAlerts <= 0) return null;
  return `${openAlerts.toLocaleString()} open alert${openAlerts === 1 ? '' : 's'}`;
}

/** A marker's accessible name: "Porto Hotel, Porto, Portugal: Limit exceeded, 1 open alert". */
export function markerName(location: LocationMarker): string {
  const open = openAlertsText(location.openAlerts);
  const state = LOCATION_STATE_TEXT[stateOf(location)];
  return `${location.title}, ${location.city}, ${location.country}: ${open ? `${state}, ${open}` : state}`;
}

/** "2 locations have no place on the map", for the note under the map; null when every one has. */
export function unplacedText(count: number): string | null {
  if (count === 0) return null;
  return count === 1
    ? '1 location has no place on the map:'
    : `${count.toLocaleString()} locations have no place on the map:`;
}
