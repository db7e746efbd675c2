import { describe, expect, it } from 'vitest';
import { currentSpan, previousPeriod } from './dashboard-chart-period';

// London: BST from 29 Mar 2026 01:00 UTC to 25 Oct 2026 01:00 UTC (23- and 25-hour days).
const LONDON = 'Europe/London';
const t = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('currentSpan', () => {
  it('reads Day, Week and Year from local midnight, Month from the same time a month back', () => {
    const now = t('2026-03-31T09:00:00Z'); // Tuesday 10:00 BST
    expect(iso(currentSpan({ mode: 'day' }, LONDON, now)?.from ?? 0)).toBe('2026-03-30T23:00:00.000Z');
    expect(iso(currentSpan({ mode: 'week' }, LONDON, now)?.from ?? 0)).toBe('2026-03-29T23:00:00.000Z');
    expect(iso(currentSpan({ mode: 'year' }, LONDON, now)?.from ?? 0)).toBe('2026-01-01T00:00:00.000Z');
    // 31 March less a month is 28 February (clamped), 10:00 GMT.
    expect(iso(currentSpan({ mode: 'month' }, LONDON, now)?.from ?? 0)).toBe('2026-02-28T10:00:00.000Z');
    expect(currentSpan({ mode: 'live', minutes: 10 }, LONDON, now)).toEqual({ from: now - 600_000, to: now });
  });

  it('runs a Date Range from its first midnight to the midnight after its last day, or asks nothing without dates', () => {
    const span = currentSpan(
      { mode: 'range', from: '2026-10-24', to: '2026-10-26' },
      LONDON,
      t('2026-11-25T12:00:00Z'),
    );
    expect(span && [iso(span.from), iso(span.to)]).toEqual(['2026-10-23T23:00:00.000Z', '2026-10-27T00:00:00.000Z']);
    expect(currentSpan({ mode: 'range', from: '2026-10-24' }, LONDON, 0)).toBeNull();
  });
});

describe('previousPeriod in a DST zone', () => {
  it('Day after the spring change: yesterday (23 hours) up to this time, each hour landing on the same wall hour', () => {
    const p = previousPeriod({ mode: 'day' }, LONDON, t('2026-03-30T09:00:00Z')); // Monday 10:00 BST
    expect(p && [iso(p.span.from), iso(p.span.to)]).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T09:00:00.000Z']);
    expect(iso(p?.shift(t('2026-03-29T00:00:00Z')) ?? 0)).toBe('2026-03-29T23:00:00.000Z'); // 00:00 -> 00:00
    expect(iso(p?.shift(t('2026-03-29T09:00:00Z')) ?? 0)).toBe('2026-03-30T09:00:00.000Z'); // 10:00 -> 10:00
  });

  it('Day after the autumn change: yesterday is 25 hours long', () => {
    const p = previousPeriod({ mode: 'day' }, LONDON, t('2026-10-26T12:00:00Z')); // Monday 12:00 GMT
    expect(p && [iso(p.span.from), iso(p.span.to)]).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-25T12:00:00.000Z']);
    // Sunday 01:30 BST (the first 01:30) lands on Monday 01:30 GMT.
    expect(iso(p?.shift(t('2026-10-25T00:30:00Z')) ?? 0)).toBe('2026-10-26T01:30:00.000Z');
  });

  it('Week: last Monday to the same time last week', () => {
    const p = previousPeriod({ mode: 'week' }, LONDON, t('2026-04-01T09:00:00Z')); // Wednesday 10:00 BST
    expect(p && [iso(p.span.from), iso(p.span.to)]).toEqual(['2026-03-23T00:00:00.000Z', '2026-03-25T10:00:00.000Z']);
    expect(iso(p?.shift(t('2026-03-23T00:00:00Z')) ?? 0)).toBe('2026-03-29T23:00:00.000Z');
  });

  it('Month: the month before, days clamped as the Month tab clamps them', () => {
    const p = previousPeriod({ mode: 'month' }, LONDON, t('2026-03-31T09:00:00Z'));
    expect(p && [iso(p.span.from), iso(p.span.to)]).toEqual(['2026-01-28T10:00:00.000Z', '2026-02-28T10:00:00.000Z']);
    expect(iso(p?.shift(t('2026-01-31T10:00:00Z')) ?? 0)).toBe('2026-02-28T10:00:00.000Z');
  });

  it('Year: last year up to the same day and time, 29 February landing on 28 February', () => {
    const p = previousPeriod({ mode: 'year' }, LONDON, t('2027-06-15T11:00:00Z'));
    expect(p && [iso(p.span.from), iso(p.span.to)]).toEqual(['2026-01-01T00:00:00.000Z', '2026-06-15T11:00:00.000Z']);
    const leap = previousPeriod({ mode: 'year' }, LONDON, t('2029-03-01T12:00:00Z'));
    expect(iso(leap?.shift(t('2028-02-29T00:00:00Z')) ?? 0)).toBe('2029-02-28T00:00:00.000Z');
  });

  it('Live: the N minutes before', () => {
    const now = t('2026-10-25T01:10:00Z');
    const p = previousPeriod({ mode: 'live', minutes: 20 }, LONDON, now);
    expect(p?.span).toEqual({ from: now - 40 * 60_000, to: now - 20 * 60_000 });
    expect(p?.shift(now - 40 * 60_000)).toBe(now - 20 * 60_000);
  });

  it('Date Range: as many days before it, across the autumn change', () => {
    const p = previousPeriod(
      { mode: 'range', from: '2026-10-26', to: '2026-10-28' },
      LONDON,
      t('2026-11-25T12:00:00Z'),
    );
    // 23-25 October: 23 Oct 00:00 BST to 26 Oct 00:00 GMT.
    expect(p && [iso(p.span.from), iso(p.span.to)]).toEqual(['2026-10-22T23:00:00.000Z', '2026-10-26T00:00:00.000Z']);
    expect(iso(p?.shift(t('2026-10-22T23:00:00Z')) ?? 0)).toBe('2026-10-26T00:00:00.000Z');
  });
});
