/**
 * The latest reading per pod and sensor type, a later time or the same winning: all the live stream can show
 * (docs/api.md#dashboards), kept where readings are committed, carried between instances and coalesced per stream.
 * Keyed by the pod's number, then the few sensor types, not a string per reading: at 50,000 readings a second a
 * string key each was a share of the event loop's late stretches (docs/performance.md#the-ingest-statements-parameters).
 */
export class LatestReadings<R extends { podId: number; sensorType: string }, At extends number | string> {
  private readonly byPod = new Map<number, Map<string, R>>();

  /** `timeOf` gives what orders two readings of one pod and type: epoch ms, or a wire time (it sorts as a string). */
  constructor(private readonly timeOf: (reading: R) => At) {}

  add(reading: R) {
    let byType = this.byPod.get(reading.podId);
    if (!byType) {
      byType = new Map();
      this.byPod.set(reading.podId, byType);
    }
    const known = byType.get(reading.sensorType);
    if (!known || this.timeOf(known) <= this.timeOf(reading)) byType.set(reading.sensorType, reading);
  }

  *[Symbol.iterator](): Iterator<R> {
    for (const byType of this.byPod.values()) yield* byType.values();
  }

  /** A pod's readings, one per sensor type, now forgotten here. */
  take(podId: number): R[] {
    const byType = this.byPod.get(podId);
    this.byPod.delete(podId);
    return byType ? [...byType.values()] : [];
  }

  clear() {
    this.byPod.clear();
  }
}
