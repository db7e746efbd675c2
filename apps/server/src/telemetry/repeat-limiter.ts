const MAX_KEYS = 1_000;

/**
 * Lets a log line through once per interval per key (a reason and a pod, say) and counts the repeats
 * it held back, so a pod resending the same poison message every few seconds writes one line a
 * minute, not one per message, and the line says how many were held back.
 */
export class RepeatLimiter {
  private readonly seen = new Map<string, { until: number; suppressed: number }>();

  constructor(
    private readonly intervalMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The number of repeats held back since the last line, when this one may be logged; else null. */
  allow(key: string): number | null {
    const at = this.now();
    const entry = this.seen.get(key);
    if (entry && at < entry.until) {
      entry.suppressed++;
      return null;
    }
    // Bounded: many distinct keys (many failing pods) forget the oldest instead of growing.
    if (!entry && this.seen.size >= MAX_KEYS) this.seen.delete(this.seen.keys().next().value as string);
    this.seen.delete(key);
    this.seen.set(key, { until: at + this.intervalMs, suppressed: 0 });
    return entry?.suppressed ?? 0;
  }
}
