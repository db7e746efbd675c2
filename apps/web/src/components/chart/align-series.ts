/** A series in time order: x in seconds since the epoch, y its values (null draws a gap). */
export interface Series {
  xs: number[];
  ys: (number | null)[];
}

/**
 * x, then one column per series. A series without a point at an x holds `undefined` there, which
 * uPlot steps over (the line carries on); `null` is a gap it leaves open.
 */
export type AlignedColumns = [number[], ...(number | null | undefined)[][]];

/**
 * Marks missing buckets: where two points are further apart than 1.5 of the usual step (the median;
 * a day bucket is 23 or 25 hours on DST days, the first one clipped), a null between them breaks the line.
 */
export function withGaps(series: Series): Series {
  const { xs, ys } = series;
  if (xs.length < 3) return series;
  const steps = xs
    .slice(1)
    .map((x, i) => x - (xs[i] ?? x))
    .sort((a, b) => a - b);
  const step = steps[Math.floor(steps.length / 2)] ?? 0;
  if (step <= 0) return series;
  const out: Series = { xs: [], ys: [] };
  xs.forEach((x, i) => {
    const before = xs[i - 1];
    if (before !== undefined && x - before > 1.5 * step) {
      out.xs.push(before + step);
      out.ys.push(null);
    }
    out.xs.push(x);
    out.ys.push(ys[i] ?? null);
  });
  return out;
}

/**
 * Puts series on one shared, sorted x (uPlot draws every series against a single x column). Two
 * points of one series at the same x (a shifted 29 February meeting 28 February): the later wins.
 */
export function alignSeries(list: Series[]): AlignedColumns {
  const all = new Set<number>();
  for (const s of list) for (const x of s.xs) all.add(x);
  const xs = [...all].sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  const columns = list.map((s) => {
    const column: (number | null | undefined)[] = new Array(xs.length).fill(undefined);
    s.xs.forEach((x, i) => {
      column[index.get(x) ?? 0] = s.ys[i] ?? null;
    });
    return column;
  });
  return [xs, ...columns];
}
