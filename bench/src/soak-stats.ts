/** bench/soak's arithmetic: percentiles of samples, of the probe's lag histograms, and the figures' format. */
import { addLag, type LagHistogram, lagPercentile } from '@greenpod/server/bench';

/** One line of the server's probe (soak-probe.ts). */
export interface ProbeLine {
  t: number;
  rss: number;
  heap: number;
  /** The server's main thread (HTTP): timer lateness in whole milliseconds -> how many 10 ms samples were that late. */
  lag: LagHistogram;
  /** The ingest thread's, as it reported since the last line (PostgreSQL; absent without the thread). */
  ingestLag?: LagHistogram;
  /** The ingest thread's heap in use, as it last reported. */
  ingestHeap?: number;
}

export const pct = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number) : Number.NaN;
};

/** The p-th percentile of the event-loop lag over the probe's lines (their histograms added up): the main thread's, or the ingest thread's. */
export function lagPct(lines: readonly ProbeLine[], p: number, thread: 'lag' | 'ingestLag' = 'lag') {
  const counts = new Map<number, number>();
  for (const line of lines) addLag(counts, line[thread] ?? {});
  return lagPercentile(counts, p);
}

export const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : Number.NaN);
export const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '-');
export const mb = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 1024 / 1024).toFixed(0) : '-');
export const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(1) : x.toFixed(0)) : '-');
export const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
