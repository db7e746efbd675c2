import type { WindowInput } from '@greenpod/contracts';
import { startOfDay } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { bucketEdges, chooseBucket, planBuckets, planSources, resolveWindow } from './window';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('resolveWindow', () => {
  // Which input is refused, and why, is contracts' table (time/dashboard-window.test.ts); here: each
  // field's problem becomes a 400 naming that field.
  const errors: [string, Omit<WindowInput, 'now'>, string][] = [
    ['live under 10 minutes', { mode: 'live', minutes: 9, tz: 'UTC' }, 'minutes'],
    ['range after today', { mode: 'range', from: '2026-05-10', to: '2026-05-11', tz: 'UTC' }, 'toValue'],
    ['range without a start', { mode: 'range', to: '2026-05-04', tz: 'UTC' }, 'fromValue'],
  ];
  it.each(errors)('answers %s with a 400 naming the field', (_name, input, field) => {
    let caught: unknown;
    try {
      resolveWindow({ ...input, now: at('2026-05-10T03:00:00Z') });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(HttpError);
    expect((caught as HttpError).statusCode).toBe(400);
    expect(Object.keys((caught as HttpError).validationErrors ?? {})).toEqual([field]);
  });
});

describe('chooseBucket', () => {
  const minutes = (n: number) => n * 60_000;
  it.each([
    ['live 10 min', minutes(10), minutes(1)],
    ['live 60 min', minutes(60), minutes(1)],
    ['500 minutes still fits 1 min', minutes(500), minutes(1)],
    ['501 minutes needs 5 min', minutes(501), minutes(5)],
    ['a 25 h DST day', minutes(25 * 60), minutes(5)],
    ['two days', minutes(48 * 60), minutes(15)],
    ['a week', minutes(7 * 24 * 60), minutes(60)],
    ['a 31-day month', minutes(31 * 24 * 60), minutes(6 * 60)],
    ['a year', minutes(365 * 24 * 60), minutes(24 * 60)],
    ['500 days', minutes(500 * 24 * 60), minutes(24 * 60)],
    ['three years grow by whole days', minutes(3 * 365 * 24 * 60), minutes(3 * 24 * 60)],
  ])('%s', (_name, span, ms) => {
    const from = at('2026-01-01T00:00:00Z');
    expect(chooseBucket(from, new Date(from.getTime() + span)).ms).toBe(ms);
  });
});

describe('bucketEdges and planBuckets', () => {
  it('day buckets follow local midnights: 23 h and 25 h around DST in London', () => {
    const w = resolveWindow({
      mode: 'range',
      from: '2026-03-28',
      to: '2026-03-30',
      tz: 'Europe/London',
      now: at('2026-05-01T00:00:00Z'),
    });
    const edges = bucketEdges(w, { ms: 86_400_000, days: 1 }, 'Europe/London').map(iso);
    expect(edges).toEqual([
      '2026-03-28T00:00:00.000Z',
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
      '2026-03-30T23:00:00.000Z',
    ]);
    const autumn = resolveWindow({
      mode: 'range',
      from: '2026-10-25',
      to: '2026-10-26',
      tz: 'Europe/London',
      now: at('2026-11-01T00:00:00Z'),
    });
    const hours = bucketEdges(autumn, { ms: 86_400_000, days: 1 }, 'Europe/London').map((d) => d.getTime() / 3_600_000);
    expect(hours.slice(1).map((h, i) => h - (hours[i] ?? 0))).toEqual([25, 24]);
  });

  // Santiago and Havana change their clocks at midnight (the day starts at 01:00, or midnight comes twice).
  it.each(['America/Santiago', 'America/Havana', 'Europe/London', 'Asia/Kolkata'])(
    'day edges over two years are each local midnight in %s',
    (tz) => {
      const w = { from: at('2024-06-01T12:00:00Z'), to: at('2026-06-01T12:00:00Z') };
      const edges = bucketEdges(w, { ms: 86_400_000, days: 1 }, tz);
      const expected = [w.from];
      for (let i = 1; startOfDay(w.from, tz, i) < w.to; i++) expected.push(startOfDay(w.from, tz, i));
      expect(edges.map(iso)).toEqual([...expected, w.to].map(iso));
    },
  );

  it('fixed widths start at the local clock and clip the first bucket to the window', () => {
    const w = { from: at('2026-05-10T11:33:20Z'), to: at('2026-05-10T12:03:20Z') };
    const edges = bucketEdges(w, { ms: 300_000, days: 0 }, 'UTC').map(iso);
    expect(edges[0]).toBe('2026-05-10T11:33:20.000Z');
    expect(edges[1]).toBe('2026-05-10T11:35:00.000Z');
    expect(edges.at(-1)).toBe('2026-05-10T12:03:20.000Z');
    expect(edges).toHaveLength(8);
  });

  it('hour buckets in Kolkata sit on local half hours', () => {
    const w = resolveWindow({ mode: 'week', tz: 'Asia/Kolkata', now: at('2026-05-10T12:00:00Z') });
    const { bucket, edges } = planBuckets(w, 'Asia/Kolkata');
    expect(bucket.ms).toBe(3_600_000);
    expect(edges.every((e) => e.getUTCMinutes() === 30 || e === w.to)).toBe(true);
  });

  it.each([
    ['live', { mode: 'live' as const, minutes: 60, tz: 'UTC' }],
    ['day of autumn DST', { mode: 'day' as const, tz: 'Europe/London' }],
    ['week', { mode: 'week' as const, tz: 'America/New_York' }],
    ['month', { mode: 'month' as const, tz: 'Asia/Kolkata' }],
    ['year', { mode: 'year' as const, tz: 'Pacific/Auckland' }],
    ['long range', { mode: 'range' as const, from: '2024-01-01', to: '2026-10-25', tz: 'Europe/London' }],
  ])('%s never exceeds 500 points and covers the window without gaps', (_name, input) => {
    const w = resolveWindow({ ...input, now: at('2026-10-25T23:30:17Z') });
    const { edges } = planBuckets(w, input.tz);
    expect(edges.length - 1).toBeLessThanOrEqual(500);
    expect(edges[0]).toEqual(w.from);
    expect(edges.at(-1)).toEqual(w.to);
    for (let i = 1; i < edges.length; i++) expect((edges[i] as Date) > (edges[i - 1] as Date)).toBe(true);
  });
});

describe('planSources', () => {
  const H = 3_600_000;
  const D = 24 * H;
  const t0 = Date.UTC(2026, 4, 10);
  const span = (a: number, b: number) => ({ from: new Date(a), to: new Date(b) });
  it.each([
    [
      'inside one hour: raw only',
      span(t0 + 10_000, t0 + 20_000),
      { daily: true },
      { raw: [[t0 + 10_000, t0 + 20_000]], hourly: [], daily: [] },
    ],
    [
      'whole hours only',
      span(t0 + H, t0 + 3 * H),
      { daily: true },
      { raw: [], hourly: [[t0 + H, t0 + 3 * H]], daily: [] },
    ],
    [
      'ragged hour edges',
      span(t0 + 90_000, t0 + 3 * H + 5),
      { daily: true },
      {
        raw: [
          [t0 + 90_000, t0 + H],
          [t0 + 3 * H, t0 + 3 * H + 5],
        ],
        hourly: [[t0 + H, t0 + 3 * H]],
        daily: [],
      },
    ],
    [
      'days in the middle',
      span(t0 - 90 * 60_000, t0 + 2 * D + H + 1),
      { daily: true },
      {
        raw: [
          [t0 - 90 * 60_000, t0 - H],
          [t0 + 2 * D + H, t0 + 2 * D + H + 1],
        ],
        hourly: [
          [t0 - H, t0],
          [t0 + 2 * D, t0 + 2 * D + H],
        ],
        daily: [[t0, t0 + 2 * D]],
      },
    ],
    [
      'no daily when asked not to',
      span(t0, t0 + 2 * D),
      { daily: false },
      { raw: [], hourly: [[t0, t0 + 2 * D]], daily: [] },
    ],
    ['an empty window', span(t0, t0), { daily: true }, { raw: [], hourly: [], daily: [] }],
  ])('%s', (_name, w, opts, expected) => {
    expect(planSources(w, opts)).toEqual(expected);
  });
});
