import type { Granularity } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import { ceilToUtcHour, closedPeriods, closedUntil, isTimeZone, periodAt } from './periods';

const iso = (d: Date) => d.toISOString().replace('.000', '');
const at = (s: string) => new Date(s);

describe('periodAt', () => {
  const cases: [string, Granularity, string, string, string][] = [
    // instant, granularity, zone, expected start, expected end (UTC)
    ['2024-05-15T10:00:00Z', 'daily', 'UTC', '2024-05-15T00:00:00Z', '2024-05-16T00:00:00Z'],
    ['2024-05-15T00:00:00Z', 'daily', 'UTC', '2024-05-15T00:00:00Z', '2024-05-16T00:00:00Z'],
    ['2024-05-15T23:59:59Z', 'daily', 'UTC', '2024-05-15T00:00:00Z', '2024-05-16T00:00:00Z'],
    ['2024-05-15T10:00:00Z', 'weekly', 'UTC', '2024-05-13T00:00:00Z', '2024-05-20T00:00:00Z'], // Wednesday
    ['2024-05-19T23:00:00Z', 'weekly', 'UTC', '2024-05-13T00:00:00Z', '2024-05-20T00:00:00Z'], // Sunday
    ['2024-05-20T00:00:00Z', 'weekly', 'UTC', '2024-05-20T00:00:00Z', '2024-05-27T00:00:00Z'], // Monday
    ['2024-12-31T12:00:00Z', 'weekly', 'UTC', '2024-12-30T00:00:00Z', '2025-01-06T00:00:00Z'], // across a year
    ['2024-02-29T12:00:00Z', 'monthly', 'UTC', '2024-02-01T00:00:00Z', '2024-03-01T00:00:00Z'],
    ['2024-12-15T12:00:00Z', 'monthly', 'UTC', '2024-12-01T00:00:00Z', '2025-01-01T00:00:00Z'],
    // Europe/London: BST (+1) in summer, GMT in winter; DST days last 23 and 25 hours.
    ['2024-05-15T23:30:00Z', 'daily', 'Europe/London', '2024-05-15T23:00:00Z', '2024-05-16T23:00:00Z'],
    ['2024-03-31T12:00:00Z', 'daily', 'Europe/London', '2024-03-31T00:00:00Z', '2024-03-31T23:00:00Z'],
    ['2024-10-27T12:00:00Z', 'daily', 'Europe/London', '2024-10-26T23:00:00Z', '2024-10-28T00:00:00Z'],
    ['2024-03-27T12:00:00Z', 'weekly', 'Europe/London', '2024-03-25T00:00:00Z', '2024-03-31T23:00:00Z'],
    ['2024-03-31T22:59:59Z', 'monthly', 'Europe/London', '2024-03-01T00:00:00Z', '2024-03-31T23:00:00Z'],
    ['2024-03-31T23:00:00Z', 'monthly', 'Europe/London', '2024-03-31T23:00:00Z', '2024-04-30T23:00:00Z'],
    // East of UTC: local midnight is the previous UTC evening.
    ['2024-05-15T21:00:00Z', 'daily', 'Asia/Dubai', '2024-05-15T20:00:00Z', '2024-05-16T20:00:00Z'],
    ['2024-05-15T19:59:59Z', 'daily', 'Asia/Dubai', '2024-05-14T20:00:00Z', '2024-05-15T20:00:00Z'],
    // Half-hour zone: boundaries are at :30 UTC.
    ['2024-05-15T18:30:00Z', 'daily', 'Asia/Kolkata', '2024-05-15T18:30:00Z', '2024-05-16T18:30:00Z'],
    ['2024-05-15T18:29:59Z', 'weekly', 'Asia/Kolkata', '2024-05-12T18:30:00Z', '2024-05-19T18:30:00Z'],
    // America/Santiago skips local midnight on 2024-09-08: the day starts at 01:00 (-03) = 04:00Z.
    ['2024-09-08T12:00:00Z', 'daily', 'America/Santiago', '2024-09-08T04:00:00Z', '2024-09-09T03:00:00Z'],
    ['2024-09-07T12:00:00Z', 'daily', 'America/Santiago', '2024-09-07T04:00:00Z', '2024-09-08T04:00:00Z'],
  ];
  it.each(cases)('%s %s in %s starts %s and ends %s', (instant, g, tz, start, end) => {
    const p = periodAt(at(instant), g, tz);
    expect([iso(p.start), iso(p.end)]).toEqual([start, end]);
  });
});

describe('closedUntil and closedPeriods', () => {
  it.each([
    // now, granularity, zone, settle minutes, end of the last closed period
    ['2024-05-16T00:05:00Z', 'daily', 'UTC', 0, '2024-05-16T00:00:00Z'],
    ['2024-05-16T00:05:00Z', 'daily', 'UTC', 10, '2024-05-15T00:00:00Z'],
    ['2024-05-16T00:10:00Z', 'daily', 'UTC', 10, '2024-05-16T00:00:00Z'],
    ['2024-05-20T00:09:59Z', 'weekly', 'UTC', 10, '2024-05-13T00:00:00Z'],
    ['2024-06-01T00:10:00Z', 'monthly', 'UTC', 10, '2024-06-01T00:00:00Z'],
    ['2024-05-31T23:10:00Z', 'monthly', 'Europe/London', 10, '2024-05-31T23:00:00Z'],
    ['2024-05-14T18:59:59Z', 'daily', 'Asia/Kolkata', 0, '2024-05-13T18:30:00Z'], // bucket 18:00Z still filling
    ['2024-05-14T19:00:00Z', 'daily', 'Asia/Kolkata', 0, '2024-05-14T18:30:00Z'],
  ] as const)('at %s the %s periods in %s (settle %i min) are closed up to %s', (now, g, tz, settle, until) => {
    expect(iso(closedUntil(at(now), g, tz, settle * 60_000))).toBe(until);
  });

  it('lists every closed period from the one containing `from`, never the open one', () => {
    const days = closedPeriods(at('2024-05-13T15:00:00Z'), at('2024-05-16T09:00:00Z'), 'daily', 'UTC');
    expect(days.map((p) => iso(p.start))).toEqual([
      '2024-05-13T00:00:00Z',
      '2024-05-14T00:00:00Z',
      '2024-05-15T00:00:00Z',
    ]);
    expect(closedPeriods(at('2024-05-16T01:00:00Z'), at('2024-05-16T09:00:00Z'), 'daily', 'UTC')).toEqual([]);
    const months = closedPeriods(at('2024-01-31T23:30:00Z'), at('2024-03-31T22:59:00Z'), 'monthly', 'Europe/London');
    expect(months.map((p) => [iso(p.start), iso(p.end)])).toEqual([
      ['2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z'],
      ['2024-02-01T00:00:00Z', '2024-03-01T00:00:00Z'],
    ]);
  });

  it('chains periods without gaps or overlaps across DST changes', () => {
    const weeks = closedPeriods(at('2024-01-01T00:00:00Z'), at('2025-01-01T00:00:00Z'), 'weekly', 'Europe/Berlin');
    expect(weeks).toHaveLength(52);
    for (let i = 1; i < weeks.length; i++) expect(weeks[i]?.start).toEqual(weeks[i - 1]?.end);
  });
});

describe('helpers', () => {
  it('rounds up to whole UTC hours', () => {
    expect(iso(ceilToUtcHour(at('2024-05-15T18:30:00Z')))).toBe('2024-05-15T19:00:00Z');
    expect(iso(ceilToUtcHour(at('2024-05-15T18:00:00Z')))).toBe('2024-05-15T18:00:00Z');
  });
  it('recognises IANA time zones', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
