const STEP_MS = 10;

/** Timer lateness in whole milliseconds -> how many samples were that late. Plain data: histograms add up. */
export type LagHistogram = Record<number, number>;

/**
 * Event-loop lag as how late a 10 ms timer fires, kept as a histogram of whole milliseconds so that the
 * histograms of several seconds, or of two threads, add up (the ingest thread's lag reaches /metrics so;
 * bench/soak's probe reads both threads' so).
 */
export class LagSampler {
  private counts = new Map<number, number>();
  private timer: ReturnType<typeof setTimeout>;
  private expected = performance.now() + STEP_MS;

  constructor() {
    const sample = () => {
      const now = performance.now();
      const late = Math.max(0, Math.round(now - this.expected));
      this.counts.set(late, (this.counts.get(late) ?? 0) + 1);
      this.expected = now + STEP_MS;
      this.timer = setTimeout(sample, STEP_MS).unref();
    };
    this.timer = setTimeout(sample, STEP_MS).unref();
  }

  /** The samples since the last take. */
  take(): LagHistogram {
    const taken = Object.fromEntries(this.counts);
    this.counts = new Map();
    return taken;
  }

  stop() {
    clearTimeout(this.timer);
  }
}

/** Adds `more` into `into`. */
export function addLag(into: Map<number, number>, more: LagHistogram) {
  for (const [ms, n] of Object.entries(more)) into.set(Number(ms), (into.get(Number(ms)) ?? 0) + n);
}

/** The p-th percentile (0-100) of a histogram, in milliseconds; NaN when it is empty. */
export function lagPercentile(counts: ReadonlyMap<number, number>, p: number) {
  const total = [...counts.values()].reduce((a, n) => a + n, 0);
  if (total === 0) return Number.NaN;
  let seen = 0;
  for (const [ms, n] of [...counts].sort((a, b) => a[0] - b[0])) {
    seen += n;
    if (seen >= Math.ceil((p / 100) * total)) return ms;
  }
  return Number.NaN;
}
