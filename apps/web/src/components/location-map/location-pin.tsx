import type { LocationMarker } from '@greenpod/contracts';
import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconExclamationMark, IconMinus, IconTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './location-map.module.css';
import { LOCATION_STATE_TEXT, type LocationState, markerName, stateColor, stateOf } from './location-states';

/** A glyph per state, so a marker says its state in shape as well as colour. */
const GLYPHS = {
  exceeded: IconExclamationMark,
  close: IconTriangle,
  ok: IconCheck,
  none: IconMinus,
} as const;

/** The state's badge: its colour with its glyph (on a marker and in the legend alike). */
export function StateIcon({ state, size }: { state: LocationState; size: number }) {
  const Glyph = GLYPHS[state];
  return (
    <ThemeIcon color={stateColor(state)} variant="filled" radius="xl" size={size} aria-hidden>
      <Glyph size={Math.round(size * 0.6)} stroke={2.5} />
    </ThemeIcon>
  );
}

/** A location on the map: a link to its dashboard, named with its state (docs/screens.md#locations). */
export function LocationPin({ location }: { location: LocationMarker }) {
  const state = stateOf(location);
  return (
    <Tooltip label={`${location.title}: ${LOCATION_STATE_TEXT[state]}`} withArrow>
      <Link to={`/location/${location.id}`} className={classes.pin} aria-label={markerName(location)}>
        <StateIcon state={state} size={PIN_SIZE} />
      </Link>
    </Tooltip>
  );
}

export const PIN_SIZE = 30;
