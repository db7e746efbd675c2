import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLiveReadings } from '../../lib/live-readings';
import { CARDS_KEY } from './dashboard-api';

// Readings arrive up to once a second per pod: one refetch a second at most keeps a reading on screen
// within about a second of its commit without a query per event.
const REFRESH_GAP_MS = 1_000;

/**
 * While `enabled`, live readings refresh the cards in place (same query key, so the cards stay on
 * screen until the new numbers replace them) and bump the returned version for the chart.
 */
export function useLiveDashboard(enabled: boolean): number {
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(0);
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = () => {
    timer.current = undefined;
    // An answer on its way may have been read before this reading committed: ask after it instead.
    if (queryClient.isFetching({ queryKey: CARDS_KEY }) > 0) {
      timer.current = setTimeout(refresh, REFRESH_GAP_MS / 4);
      return;
    }
    last.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: CARDS_KEY }, { cancelRefetch: false });
    setVersion((v) => v + 1);
  };
  const schedule = () => {
    if (timer.current !== undefined) return; // one refresh is already on its way
    const wait = Math.max(0, last.current + REFRESH_GAP_MS - Date.now());
    timer.current = setTimeout(refresh, wait);
  };

  useLiveReadings(enabled, { onReading: schedule, onReconnect: schedule });
  useEffect(() => () => clearTimeout(timer.current), []);
  return version;
}
