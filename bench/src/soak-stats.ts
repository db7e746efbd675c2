/** bench/soak's arithmetic: percentiles of samples, of the probe's lag histograms, and the figures' format. */

/** One line of the server's probe (soak-probe.ts). */
export interface ProbeLine {
  t: number;
  rss: number;
  heap: number;
  /** Timer lateness in whole milliseconds -> how many 10 ms samples were that late. */
  lag: Record<string, number>;
}

export const pct = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number) : Number.NaN;
};

/** The p-th percentile of the event-loop lag over the probe's lines (their histograms added up). */
export function lagPct(lines: readonly ProbeLine[], p: number) {
  const counts = new Map<number, number>();
  for (const line of lines)
    for (const [ms, n] of Object.entries(line.lag)) counts.set(Number(ms), (counts.get(Number(ms)) ?? 0) + n);
  const total = [...counts.values()].reduce((a, n) => a + n, 0);
  if (total === 0) return Number.NaN;
  let seen = 0;
  for (const [ms, n] of [...counts].sort((a, b) => a[0] - b[0])) {
    seen += n;
    if (seen >= Math.ceil((p / 100) * total)) return ms;
  }
  return Number.NaN;
}

export const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : Number.NaN);
export const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '-');
export const mb = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 1024 / 1024).toFixed(0) : '-');
export const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(1) : x.toFixed(0)) : '-');
export const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
