import { wallTimeAt } from '@greenpod/contracts';
import type { AlignedColumns } from '../../../components/chart/align-series';
import type { CsvCell } from '../../../lib/csv';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-25 14:05", the wall clock in the zone (the viewer's, named in the header). */
export function csvTime(seconds: number, timeZone: string): string {
  const w = wallTimeAt(seconds * 1000, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

// Means carry float noise (12 x 0.1 x 230 / 1000 = 0.27599999999999997); two decimals are what is shown.
const round = (v: number | null | undefined) => (typeof v === 'number' ? Math.round(v * 100) / 100 : null);

/**
 * The shown series as rows: a header, then one row per time with a value. The previous period's
 * column, when it is on the chart, holds its value at the same point of the period (yesterday 10:00
 * on today's 10:00 row).
 */
export function chartCsvRows(args: {
  columns: AlignedColumns;
  timeZone: string;
  valueHeader: string;
  previousHeader?: string;
}): CsvCell[][] {
  const [xs, current = [], previous = []] = args.columns;
  const withPrevious = args.previousHeader !== undefined;
  const header: CsvCell[] = [`Time (${args.timeZone})`, args.valueHeader];
  if (withPrevious) header.push(args.previousHeader);
  const rows: CsvCell[][] = [header];
  xs.forEach((x, i) => {
    const value = round(current[i]);
    const before = withPrevious ? round(previous[i]) : null;
    if (value === null && before === null) return;
    rows.push(withPrevious ? [csvTime(x, args.timeZone), value, before] : [csvTime(x, args.timeZone), value]);
  });
  return rows;
}
