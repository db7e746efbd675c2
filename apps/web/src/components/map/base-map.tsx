import 'leaflet/dist/leaflet.css';
import './base-map.css';
import { MAP_ZOOM } from '@greenpod/contracts';
import L from 'leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef, useState } from 'react';
import { useMapSettings } from './map-settings-api';
import { loadCountries } from './world-countries';

// Leaflet finds its marker images by a path read from its CSS, which bundling breaks; these are Vite's
// own URLs (small enough to be inlined as data: URLs, which the CSP allows), never a CDN's.
L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

// Below the tiles (tilePane is 200): the countries show wherever no tile loads.
const BASEMAP_PANE = 'gp-basemap';

export interface BaseMapProps {
  /** [latitude, longitude] the map opens on; later changes do not move it (use onReady's map). */
  center: L.LatLngTuple;
  /** The opening zoom: MAP_ZOOM.default (4) unless given. */
  zoom?: number;
  /** CSS height of the map: 360 px unless given. */
  height?: number | string;
  /** The map's accessible name, e.g. "Map of locations". */
  label: string;
  /**
   * Called once with the Leaflet map when it exists, to add markers and handlers; a function it returns
   * runs before the map goes. The latest callback is the one called.
   */
  onReady?: (map: L.Map) => undefined | (() => void);
}

/**
 * A Leaflet map over the offline basemap (docs/domain.md#the-map): Natural Earth's countries drawn under
 * the tiles of the server's tile URL, so the map shows the world with no tile server reachable. It takes
 * the keyboard focus; arrow keys pan, + and - zoom.
 */
export function BaseMap({ center, zoom = MAP_ZOOM.default, height = 360, label, onReady }: BaseMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const opening = useRef({ center, zoom, label });
  const ready = useRef(onReady);
  ready.current = onReady;
  const settings = useMapSettings();
  const tileUrl = settings.data?.tileUrl ?? '';
  const attribution = settings.data?.attribution ?? '';

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const { center: at, zoom: level, label: name } = opening.current;
    const created = L.map(element, { center: at, zoom: level, worldCopyJump: true });
    element.setAttribute('role', 'region');
    element.setAttribute('aria-label', name);
    created.createPane(BASEMAP_PANE).style.zIndex = '150';
    let gone = false;
    loadCountries()
      .then((countries) => {
        if (gone) return;
        L.geoJSON(countries, {
          pane: BASEMAP_PANE,
          interactive: false,
          attribution: 'Natural Earth',
          style: { className: 'gp-basemap-country' },
        }).addTo(created);
      })
      // The tiles, when they load, still show the world; a marker can be placed either way.
      .catch(() => undefined);
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => created.invalidateSize());
    resized?.observe(element);
    const release = ready.current?.(created);
    setMap(created);
    return () => {
      gone = true;
      resized?.disconnect();
      release?.();
      created.remove();
      setMap(null);
    };
  }, []);

  useEffect(() => {
    if (!map || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    return () => {
      tiles.remove();
    };
  }, [map, tileUrl, attribution]);

  return <div ref={container} className="gp-base-map" style={{ height }} />;
}
