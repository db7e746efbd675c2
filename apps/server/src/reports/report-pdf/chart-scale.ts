/** Axis arithmetic for the PDF's charts: round ticks and which days get a label. Pure, so it is tested alone. */

/** About `count` round ticks (1, 2 or 5 x 10^k apart) spanning min..max, zero included when the span holds it. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  let lo = Math.min(min, max);
  let hi = Math.max(min, max);
  if (hi - lo < 1e-9) {
    const pad = Math.abs(hi) > 0 ? Math.abs(hi) * 0.1 : 1;
    lo -= pad;
    hi += pad;
  }
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const first = Math.floor(lo / step + 1e-9) * step;
  const ticks: number[] = [];
  for (let t = first; t < hi + step - 1e-9; t += step) ticks.push(Math.abs(t) < step * 1e-9 ? 0 : t);
  return ticks;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const parts = (date: string) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day };
};

/** "1 Nov", the chart's day label. */
export const dayLabel = (date: string) => {
  const { month, day } = parts(date);
  return `${day} ${MONTHS[month - 1] ?? ''}`;
};

/**
 * The days that get a label on the x axis, as indexes into `dates` with their text: every day, every other, every
 * week... so at most `most` labels; past two months, the first of each month ("Jan 2027" when the year turns).
 */
export function dayTicks(dates: readonly string[], most = 10): { index: number; label: string }[] {
  if (dates.length > 62) {
    const firsts = dates.flatMap((date, index) => (parts(date).day === 1 ? [{ index, date }] : []));
    const every = Math.max(1, Math.ceil(firsts.length / most));
    return firsts
      .filter((_, i) => i % every === 0)
      .map(({ index, date }) => {
        const { year, month } = parts(date);
        return { index, label: month === 1 ? `${MONTHS[0]} ${year}` : (MONTHS[month - 1] ?? '') };
      });
  }
  const step = [1, 2, 5, 7, 14, 28].find((s) => Math.ceil(dates.length / s) <= most) ?? 28;
  return dates.flatMap((date, index) => (index % step === 0 ? [{ index, label: dayLabel(date) }] : []));
}

/** Runs of consecutive days that have a value: a line breaks where a day is missing. */
export function runs(values: readonly (number | null)[]): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (current.length) out.push(current);
      current = [];
    } else current.push(i);
  });
  if (current.length) out.push(current);
  return out;
}
