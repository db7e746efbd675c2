import { type LatLng, MAP_ZOOM } from '@greenpod/contracts';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { fieldError } from '../../../components/form/field-error';
import { BaseMap } from '../../../components/map/base-map';
import { useMapSettings } from '../../../components/map/map-settings-api';
import type { FormExtraProps } from '../form/form-extras';
import { AddressSearch } from './address-search';
import classes from './location-place.module.css';
import { bindPicking } from './map-picking';
import { placeAt, pointOf, roundDegrees } from './place-of-point';

// A new location's map opens on the offered countries, Porto to the Gulf, at the form's zoom.
const OPENING: L.LatLngTuple = [38, 22];
const PICKED_ZOOM = 15;

const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const errorOf = (errors: FormExtraProps['errors'], key: string) => fieldError(errors[key] as FieldError | undefined);

/**
 * The location form's place (docs/domain.md#the-map): a point picked on the map (a click, the
 * marker dragged, Enter at the centre, the coordinates typed or an address found) fills the read-only
 * Country and City from the gazetteer, or blanks them and says why.
 */
export default function LocationPlacePicker({ mode, values, setValue, errors }: FormExtraProps) {
  const point = pointOf(values);
  const [note, setNote] = useState<{ text: string; warning: boolean } | null>(null);
  const map = useRef<L.Map | null>(null);
  const [shown, setShown] = useState<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const geocoder = useMapSettings().data?.geocoder ?? false;
  const asked = useRef(0);

  // What the map's handlers call: the latest render's, as setValue changes with every render.
  const fillPlace = async (at: LatLng) => {
    const turn = ++asked.current;
    const place = await placeAt(at);
    if (turn !== asked.current) return; // a later point was chosen meanwhile
    setValue('country', place.found ? place.country : (place.country ?? ''));
    setValue('city', place.found ? place.city : '');
    setNote(
      place.found
        ? { text: `${place.city}, ${place.country}`, warning: false }
        : { text: place.message, warning: true },
    );
  };
  // No point, no place: a country and city left from an earlier point would be a wrong one.
  const forgetPlace = () => {
    asked.current++;
    setValue('country', '');
    setValue('city', '');
    setNote(null);
  };
  const choose = (at: L.LatLng) => {
    const wrapped = at.wrap();
    const chosen = { latitude: roundDegrees(wrapped.lat), longitude: roundDegrees(wrapped.lng) };
    setValue('latitude', String(chosen.latitude));
    setValue('longitude', String(chosen.longitude));
    void fillPlace(chosen);
  };
  const latest = useRef(choose);
  latest.current = choose;

  const onReady = (created: L.Map) => {
    const picking = bindPicking(created, (at) => latest.current(at));
    map.current = created;
    marker.current = picking.marker;
    setShown(created);
    return () => {
      picking.release();
      setShown(null);
      map.current = null;
      marker.current = null;
    };
  };

  const lat = point?.latitude;
  const lng = point?.longitude;
  // An update form's stored point arrives after the map opens: the map goes there once.
  const centred = useRef(mode === 'create');
  useEffect(() => {
    const pin = marker.current;
    if (!pin || !shown) return;
    if (lat === undefined || lng === undefined) {
      pin.remove();
      return;
    }
    pin.setLatLng([lat, lng]).addTo(shown);
    if (!centred.current) shown.setView([lat, lng], shown.getZoom());
    centred.current = true;
  }, [shown, lat, lng]);

  // Typed coordinates count once they make a point; the map follows when the input is left.
  const typed = (key: 'latitude' | 'longitude', raw: string) => {
    setValue(key, raw);
    const next = pointOf({ ...values, [key]: raw });
    if (next) void fillPlace(next);
    else forgetPlace();
  };
  const follow = () => {
    if (point) map.current?.panTo([point.latitude, point.longitude]);
  };

  return (
    <Stack gap="xs">
      {geocoder && (
        <AddressSearch
          onPick={(hit) => {
            const at = L.latLng(hit.latitude, hit.longitude);
            map.current?.setView(at, PICKED_ZOOM);
            choose(at);
          }}
        />
      )}
      <div className={classes.map}>
        <BaseMap
          label="Map: the location's point"
          center={point ? [point.latitude, point.longitude] : OPENING}
          zoom={MAP_ZOOM.locationForm}
          height={340}
          onReady={onReady}
        />
      </div>
      <Text size="xs" c="dimmed">
        Click the map or drag the marker to set the point. With the keyboard on the map: arrow keys move it, + and -
        zoom, Enter sets the point at the cross in the middle. Or type the latitude and longitude.
      </Text>
      <Text
        size="sm"
        role="status"
        c={note?.warning ? 'var(--mantine-color-orange-8)' : undefined}
        fw={note?.warning ? 500 : undefined}
      >
        {note?.text ?? ''}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Country"
          value={text(values.country)}
          readOnly
          withAsterisk
          error={errorOf(errors, 'country')}
        />
        <TextInput label="City" value={text(values.city)} readOnly withAsterisk error={errorOf(errors, 'city')} />
        <TextInput
          label="Latitude"
          inputMode="decimal"
          value={text(values.latitude)}
          onChange={(e) => typed('latitude', e.currentTarget.value)}
          onBlur={follow}
          error={errorOf(errors, 'latitude')}
        />
        <TextInput
          label="Longitude"
          inputMode="decimal"
          value={text(values.longitude)}
          onChange={(e) => typed('longitude', e.currentTarget.value)}
          onBlur={follow}
          error={errorOf(errors, 'longitude')}
        />
      </SimpleGrid>
    </Stack>
  );
}
