import { LatestReadings } from './latest-readings';
import type { LiveReading } from './live-bus';

/** One SSE `reading` event: the pod's latest reading, plus its latest per sensor type in the interval. */
export interface LiveEvent extends LiveReading {
  readings: Omit<LiveReading, 'podId'>[];
}

/**
 * At most one event per pod per interval (docs/api.md#dashboards). A pod sends all its sensors at once, so an
 * event carries the latest reading of each sensor type gathered meanwhile: coalescing drops
 * superseded values, never a whole sensor. The first reading after a quiet interval goes at once.
 */
export class PodCoalescer {
  private readonly lastSent = new Map<number, number>();
  private readonly pending = new LatestReadings((r: LiveReading) => r.created);
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly send: (event: LiveEvent) => void,
    private readonly intervalMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  push(readings: readonly LiveReading[]) {
    const touched = new Set<number>();
    for (const r of readings) {
      this.pending.add(r);
      touched.add(r.podId);
    }
    for (const podId of touched) {
      if (this.timers.has(podId)) continue;
      const wait = (this.lastSent.get(podId) ?? Number.NEGATIVE_INFINITY) + this.intervalMs - this.now();
      if (wait <= 0) this.flush(podId);
      else
        this.timers.set(
          podId,
          setTimeout(() => this.flush(podId), wait),
        );
    }
  }

  private flush(podId: number) {
    this.timers.delete(podId);
    const all = this.pending.take(podId);
    if (!all.length) return;
    this.lastSent.set(podId, this.now());
    all.sort((a, b) => a.sensorType.localeCompare(b.sensorType));
    // Wire times compare correctly as strings.
    const latest = all.reduce((a, b) => (b.created > a.created ? b : a));
    this.send({ ...latest, readings: all.map(({ sensorType, value, created }) => ({ sensorType, value, created })) });
  }

  close() {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.pending.clear();
  }
}
