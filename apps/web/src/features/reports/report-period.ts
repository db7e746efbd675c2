import { type ReportPeriodKind, reportPeriodLabel, reportPeriodOf } from '@greenpod/contracts';

/** A period as the picker holds it: its kind and its first and last day (yyyy-MM-dd, both included). */
export interface ReportPeriod {
  kind: ReportPeriodKind;
  from: string;
  to: string;
}
type WholeKind = Exclude<ReportPeriodKind, 'custom'>;

/** yyyy-MM-dd moved by whole days (calendar arithmetic: no time zone is involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/**
 * The latest period of a kind that has closed before `today` (its last day is over), as the report opens on:
 * the current month or quarter is still being measured.
 */
export function lastClosed(kind: WholeKind, today: string): { from: string; to: string } {
  const current = reportPeriodOf(kind, today);
  return current.to < today ? current : reportPeriodOf(kind, addDays(current.from, -1));
}

/**
 * The period of `kind` holding `anchor`, or the last closed one when that one has not closed yet; a custom
 * period keeps the dates it is given.
 */
export function periodOf(kind: ReportPeriodKind, anchor: { from: string; to: string }, today: string): ReportPeriod {
  if (kind === 'custom') return { kind, ...anchor };
  const held = reportPeriodOf(kind, anchor.from);
  return { kind, ...(held.to < today ? held : lastClosed(kind, today)) };
}

/** The period before, and the one after (null when it has not closed yet), of a month, quarter or year. */
export function neighbours(p: ReportPeriod, today: string): { previous: ReportPeriod; next: ReportPeriod | null } {
  if (p.kind === 'custom') throw new Error('a custom period has no neighbours');
  const previous = { kind: p.kind, ...reportPeriodOf(p.kind, addDays(p.from, -1)) };
  const after = reportPeriodOf(p.kind, addDays(p.to, 1));
  return { previous, next: after.to < today ? { kind: p.kind, ...after } : null };
}

/** The period in words as the picker shows it, the server's label: "October 2026", "Q3 2026", "2026". */
export const periodLabel = (p: ReportPeriod): string => reportPeriodLabel(p.from, p.to);
