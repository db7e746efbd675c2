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
  /**
   * The stream is back after a drop, or the server says it is back after losing its database (a
   * `back` event): whatever it carried meanwhile is lost, so fetch again.
   */
  onReconnect(): void;
}

interface Subscriber {
  readings: boolean;
  onReading?(reading: LiveReading): void;
  onNotification?(): void;
  onReconnect(): void;
}

// EventSource retries by itself after a network drop (the server asks for 5 s); a refused stream
// (429, 401) closes for good, so a new one is opened after a growing wait.
const RETRY_MS = [2_000, 5_000, 15_000, 30_000];

/**
 * The page's one live stream, shared by whoever needs it: the bell (notifications) is always there, the
 * dashboard adds readings while it shows Live. The server caps streams per user, so features must not
 * each open their own. Without a reading subscriber the stream asks for notifications only; it is
 * reopened when that changes. Nothing is kept per event, so memory stays flat however long it runs.
 */
class LiveStream {
  private readonly subscribers = new Set<Subscriber>();
  private source: EventSource | null = null;
  private withReadings = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private dropped = false;
  /** The server ended the stream (access ended): stay closed until everyone has let go. */
  private ended = false;

  subscribe(s: Subscriber): () => void {
    this.subscribers.add(s);
    this.sync();
    return () => {
      this.subscribers.delete(s);
      this.sync();
    };
  }

  private wantsReadings() {
    for (const s of this.subscribers) if (s.readings) return true;
    return false;
  }

  private sync() {
    if (this.subscribers.size === 0) {
      this.close();
      this.ended = false;
      this.failures = 0;
      this.dropped = false;
      return;
    }
    if (this.ended || typeof EventSource === 'undefined') return;
    if (this.source && this.withReadings === this.wantsReadings()) return;
    if (this.source) this.dropped = true; // events between the two streams are lost: refetch on open
    this.close();
    this.open();
  }

  private close() {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.source?.close();
    this.source = null;
  }

  private open() {
    const token = getToken();
    if (!token) return;
    this.withReadings = this.wantsReadings();
    const only = this.withReadings ? '' : '&only=notifications';
    const es = new EventSource(`/api/live?token=${encodeURIComponent(token)}${only}`);
    this.source = es;
    es.addEventListener('open', () => {
      this.failures = 0;
      if (this.dropped) for (const s of [...this.subscribers]) s.onReconnect();
      this.dropped = false;
    });
    es.addEventListener('reading', (event) => {
      let reading: LiveReading;
      try {
        reading = JSON.parse((event as MessageEvent<string>).data) as LiveReading;
      } catch {
        return; // a malformed event is skipped; the next one carries the latest values anyway
      }
      for (const s of [...this.subscribers]) s.onReading?.(reading);
    });
    es.addEventListener('notification', () => {
      for (const s of [...this.subscribers]) s.onNotification?.();
    });
    // The stream stayed open but the server lost its database meanwhile: what it missed is fetched afresh.
    es.addEventListener('back', () => {
      for (const s of [...this.subscribers]) s.onReconnect();
    });
    es.addEventListener('end', () => {
      this.ended = true;
      this.close();
    });
    es.addEventListener('error', () => {
      this.dropped = true;
      if (es.readyState !== EventSource.CLOSED) return; // the browser is already reconnecting
      this.close();
      const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
      this.failures += 1;
      this.retryTimer = setTimeout(() => this.open(), wait);
    });
  }
}

const stream = new LiveStream();

function useSubscription(enabled: boolean, make: () => Subscriber) {
  const latest = useRef(make);
  latest.current = make;
  useEffect(() => {
    if (!enabled) return;
    const current = () => latest.current();
    return stream.subscribe({
      readings: current().readings,
      onReading: (r) => current().onReading?.(r),
      onNotification: () => current().onNotification?.(),
      onReconnect: () => current().onReconnect(),
    });
  }, [enabled]);
}

/** Live readings of the pods in the caller's scope while `enabled`. */
export function useLiveReadings(enabled: boolean, handlers: LiveHandlers): void {
  useSubscription(enabled, () => ({ readings: true, ...handlers }));
}

/** Calls `onNotification` when the signed-in user is delivered a new notification (or may have missed one). */
export function useLiveNotifications(enabled: boolean, onNotification: () => void): void {
  useSubscription(enabled, () => ({ readings: false, onNotification, onReconnect: onNotification }));
}
