import { SAVING_SENSOR_TYPES, SAVINGS_WINDOWS, type SavingSensorType, type SavingsWindow } from '@greenpod/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SavingsRequest } from './savings-api';

/** The Savings page opens on the last closed month: a day's saving is small and often not computed yet. */
export const DEFAULT_WINDOW: SavingsWindow = 'month';
export const DEFAULT_SENSOR: SavingSensorType = 'ELECTRICITY';

const id = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};
const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * The view is the URL (`window`, `location`, `area`, `pod`, `sensor`; defaults left out), so a view can be
 * shared and Back returns to the one before. A pod needs its area and an area its location.
 */
export function useSavingsView(): [SavingsRequest, (change: Partial<SavingsRequest>) => void] {
  const [params, setParams] = useSearchParams();
  const view = useMemo((): SavingsRequest => {
    const locationId = id(params.get('location'));
    const areaId = locationId === undefined ? undefined : id(params.get('area'));
    const podId = areaId === undefined ? undefined : id(params.get('pod'));
    return {
      window: oneOf(SAVINGS_WINDOWS, params.get('window'), DEFAULT_WINDOW),
      sensorType: oneOf(SAVING_SENSOR_TYPES, params.get('sensor'), DEFAULT_SENSOR),
      locationId,
      areaId,
      podId,
    };
  }, [params]);
  const change = useCallback(
    (next: Partial<SavingsRequest>) => {
      const v = { ...view, ...next };
      const search = new URLSearchParams();
      if (v.window !== DEFAULT_WINDOW) search.set('window', v.window);
      if (v.locationId !== undefined) search.set('location', String(v.locationId));
      if (v.areaId !== undefined) search.set('area', String(v.areaId));
      if (v.podId !== undefined) search.set('pod', String(v.podId));
      if (v.sensorType !== DEFAULT_SENSOR) search.set('sensor', v.sensorType);
      setParams(search);
    },
    [view, setParams],
  );
  return [view, change];
}
