import { useEffect, useRef } from 'react';
import { getToken } from './session';

/** One `reading` event of GET /api/live (docs/api.md#dashboards): a pod's latest value per sensor type. */
export interface LiveReading {
  podId: number;
  sensorType: string;
  value: number;
  created: string;
  readings: { sensorType: string; value: number; created: string }[];
}

export interface LiveHandlers {
  /** Each reading event, as it arrives. */
  onReading(reading: LiveReading): void;
  /** The stream is back after a drop: whatever it carried meanwhile is lost, so fetch again. */
  onReconnect(): void;
}

// EventSource retries by itself after a network drop (the server asks for 5 s); a refused stream
// (429, 401) closes for good, so this hook opens a new one after a growing wait.
const RETRY_MS = [2_000, 5_000, 15_000, 30_000];

/**
 * Subscribes to the live readings while `enabled`: one EventSource, closed on unmount or when
 * disabled, and again for good on the server's `end` event (access ended). Nothing is kept per
 * event, so the page's memory stays flat however long it stays open.
 */
export function useLiveReadings(enabled: boolean, handlers: LiveHandlers): void {
  // The latest handlers, without reopening the stream each render.
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let dropped = false;
    let stopped = false;

    const close = () => {
      source?.close();
      source = null;
    };
    const open = () => {
      const token = getToken();
      if (!token || stopped) return;
      const es = new EventSource(`/api/live?token=${encodeURIComponent(token)}`);
      source = es;
      es.addEventListener('open', () => {
        failures = 0;
        if (dropped) latest.current.onReconnect();
        dropped = false;
      });
      es.addEventListener('reading', (event) => {
        try {
          latest.current.onReading(JSON.parse((event as MessageEvent<string>).data) as LiveReading);
        } catch {
          // A malformed event is skipped; the next one carries the latest values anyway.
        }
      });
      es.addEventListener('end', () => {
        stopped = true;
        close();
      });
      es.addEventListener('error', () => {
        dropped = true;
        if (es.readyState !== EventSource.CLOSED) return; // the browser is already reconnecting
        close();
        const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
        failures += 1;
        retryTimer = setTimeout(open, wait);
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      close();
    };
  }, [enabled]);
}
