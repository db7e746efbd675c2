import type { LocationMarker } from '@greenpod/contracts';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import L from 'leaflet';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { MAP_HEIGHT } from '../data-table/types';
import { BaseMap } from '../map/base-map';
import classes from './location-map.module.css';
import { LocationPin, PIN_SIZE, StateIcon } from './location-pin';
import { LOCATION_STATE_TEXT, LOCATION_STATES, stateOf, unplacedText } from './location-states';

// Before the markers are fitted: the offered places lie between the Gulf and the Atlantic.
const OPENING: L.LatLngTuple = [40, 20];
// A pin's room on every side, and at the bottom the credit line's too (two lines on a phone), which would
// cover a pin on its edge; close enough to tell two sites of a city apart, not so close that the offline
// basemap shows nothing.
const FIT: L.FitBoundsOptions = { paddingTopLeft: [40, 40], paddingBottomRight: [40, 72], maxZoom: 8 };

/**
 * Locations as markers on the map (docs/screens.md#locations): each a link to its dashboard, coloured, shaped
 * and named by its state, the worst drawn on top; a legend; and the locations that have no point, named.
 */
export function LocationMarkerMap({
  locations,
  height = MAP_HEIGHT,
}: {
  locations: readonly LocationMarker[];
  height?: number;
}) {
  const [map, setMap] = useState<L.Map | null>(null);
  const placed = useMemo(() => locations.filter((l) => l.point !== null), [locations]);
  const unplaced = locations.filter((l) => l.point === null);
  const holders = usePinHolders(map, placed);

  return (
    <Stack gap="xs" className={classes.map}>
      <BaseMap
        center={OPENING}
        height={height}
        label="Map of locations"
        onReady={(created) => {
          setMap(created);
          return () => setMap(null);
        }}
      />
      {placed.map((location) => {
        const holder = holders.get(location.id);
        return holder ? (
          <Fragment key={location.id}>{createPortal(<LocationPin location={location} />, holder)}</Fragment>
        ) : null;
      })}
      <Legend locations={placed} />
      {unplaced.length > 0 && (
        <Text size="sm" c="dimmed">
          {unplacedText(unplaced.length)}{' '}
          {unplaced.map((l, i) => (
            <Fragment key={l.id}>
              {i > 0 && ', '}
              <Anchor component={Link} to={`/location/${l.id}`} size="sm">
                {l.title}
              </Anchor>
            </Fragment>
          ))}
        </Text>
      )}
    </Stack>
  );
}

/**
 * One Leaflet marker per placed location, its icon an empty element the pin is rendered into (a portal, so
 * the pin is a React link with the app's router and theme). Markers are made again only when the places
 * change; the map then fits them. The worst state sits on top where markers overlap.
 */
function usePinHolders(map: L.Map | null, placed: readonly LocationMarker[]): Map<number, HTMLElement> {
  const [holders, setHolders] = useState(new Map<number, HTMLElement>());
  const key = placed.map((l) => `${l.id}:${l.point?.latitude}:${l.point?.longitude}:${l.state}`).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `placed`, which is a new array each render
  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    const made = new Map<number, HTMLElement>();
    const points: L.LatLngTuple[] = [];
    for (const location of placed) {
      if (!location.point) continue;
      const holder = document.createElement('div');
      // A press on a pin is the pin's: the map neither drags nor sees a click.
      L.DomEvent.disableClickPropagation(holder);
      const at: L.LatLngTuple = [location.point.latitude, location.point.longitude];
      points.push(at);
      const rank = LOCATION_STATES.length - LOCATION_STATES.indexOf(stateOf(location));
      L.marker(at, {
        icon: L.divIcon({ html: holder, className: classes.marker, iconSize: [PIN_SIZE, PIN_SIZE] }),
        // The pin is the link; Leaflet's own marker would be a second, nameless stop for the keyboard.
        interactive: false,
        keyboard: false,
        zIndexOffset: rank * 1000,
      }).addTo(layer);
      made.set(location.id, holder);
    }
    if (points.length > 0) map.fitBounds(L.latLngBounds(points), FIT);
    setHolders(made);
    return () => {
      layer.remove();
      setHolders(new Map());
    };
  }, [map, key]);
  return holders;
}

/** What each colour and glyph means, with how many of the markers shown are in that state. */
function Legend({ locations }: { locations: readonly LocationMarker[] }) {
  return (
    <Group component="ul" gap="md" aria-label="Legend" className={classes.legend}>
      {LOCATION_STATES.map((state) => (
        <Group component="li" key={state} gap={6} wrap="nowrap">
          <StateIcon state={state} size={18} />
          <Text size="sm">
            {LOCATION_STATE_TEXT[state]}{' '}
            <Text span c="dimmed" size="sm">
              {locations.filter((l) => stateOf(l) === state).length.toLocaleString()}
            </Text>
          </Text>
        </Group>
      ))}
    </Group>
  );
}
