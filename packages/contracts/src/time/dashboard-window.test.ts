import { describe, expect, it } from 'vitest';
import { type WindowInput, windowBounds } from './dashboard-window';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('windowBounds', () => {
  const cases: [string, Omit<WindowInput, 'now'> & { now: string }, string, string][] = [
    [
      'live default 30 minutes',
      { mode: 'live', tz: 'UTC', now: '2026-05-10T12:00:00Z' },
      '2026-05-10T11:30:00.000Z',
      '2026-05-10T12:00:00.000Z',
    ],
    [
      'live 10 minutes',
      { mode: 'live', minutes: 10, tz: 'Asia/Dubai', now: '2026-05-10T12:00:00Z' },
      '2026-05-10T11:50:00.000Z',
      '2026-05-10T12:00:00.000Z',
    ],
    [
      'day in UTC',
      { mode: 'day', tz: 'UTC', now: '2026-05-10T12:34:56Z' },
      '2026-05-10T00:00:00.000Z',
      '2026-05-10T12:34:56.000Z',
    ],
    [
      'day in Dubai (+4) before UTC midnight',
      { mode: 'day', tz: 'Asia/Dubai', now: '2026-05-10T21:00:00Z' },
      '2026-05-10T20:00:00.000Z',
      '2026-05-10T21:00:00.000Z',
    ],
    [
      'day in London, summer',
      { mode: 'day', tz: 'Europe/London', now: '2026-07-01T10:00:00Z' },
      '2026-06-30T23:00:00.000Z',
      '2026-07-01T10:00:00.000Z',
    ],
    [
      'day of spring DST (23 h) in London',
      { mode: 'day', tz: 'Europe/London', now: '2026-03-29T22:30:00Z' },
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T22:30:00.000Z',
    ],
    [
      'day after spring DST in London',
      { mode: 'day', tz: 'Europe/London', now: '2026-03-29T23:30:00Z' },
      '2026-03-29T23:00:00.000Z',
      '2026-03-29T23:30:00.000Z',
    ],
    [
      'day of autumn DST (25 h) in London',
      { mode: 'day', tz: 'Europe/London', now: '2026-10-25T23:59:00Z' },
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T23:59:00.000Z',
    ],
    [
      'day in Kolkata (+5:30)',
      { mode: 'day', tz: 'Asia/Kolkata', now: '2026-05-10T12:00:00Z' },
      '2026-05-09T18:30:00.000Z',
      '2026-05-10T12:00:00.000Z',
    ],
    [
      'week from Monday (Sunday now)',
      { mode: 'week', tz: 'UTC', now: '2026-05-10T12:00:00Z' },
      '2026-05-04T00:00:00.000Z',
      '2026-05-10T12:00:00.000Z',
    ],
    [
      'week on Monday itself',
      { mode: 'week', tz: 'UTC', now: '2026-05-04T00:00:01Z' },
      '2026-05-04T00:00:00.000Z',
      '2026-05-04T00:00:01.000Z',
    ],
    [
      'week crossing spring DST in London',
      { mode: 'week', tz: 'Europe/London', now: '2026-03-31T12:00:00Z' },
      '2026-03-29T23:00:00.000Z',
      '2026-03-31T12:00:00.000Z',
    ],
    [
      'week holding spring DST: Monday was GMT',
      { mode: 'week', tz: 'Europe/London', now: '2026-03-29T12:00:00Z' },
      '2026-03-23T00:00:00.000Z',
      '2026-03-29T12:00:00.000Z',
    ],
    [
      'week in New York across the year end',
      { mode: 'week', tz: 'America/New_York', now: '2027-01-01T15:00:00Z' },
      '2026-12-28T05:00:00.000Z',
      '2027-01-01T15:00:00.000Z',
    ],
    [
      'month: same time one month back',
      { mode: 'month', tz: 'UTC', now: '2026-05-10T12:00:00Z' },
      '2026-04-10T12:00:00.000Z',
      '2026-05-10T12:00:00.000Z',
    ],
    [
      'month: 31 March clamps to 28 February',
      { mode: 'month', tz: 'UTC', now: '2026-03-31T08:00:00Z' },
      '2026-02-28T08:00:00.000Z',
      '2026-03-31T08:00:00.000Z',
    ],
    [
      'month: January goes back a year',
      { mode: 'month', tz: 'UTC', now: '2026-01-15T08:00:00Z' },
      '2025-12-15T08:00:00.000Z',
      '2026-01-15T08:00:00.000Z',
    ],
    [
      'month across DST keeps the wall time',
      { mode: 'month', tz: 'Europe/London', now: '2026-04-15T09:00:00Z' },
      '2026-03-15T10:00:00.000Z',
      '2026-04-15T09:00:00.000Z',
    ],
    [
      'year in UTC',
      { mode: 'year', tz: 'UTC', now: '2026-05-10T12:00:00Z' },
      '2026-01-01T00:00:00.000Z',
      '2026-05-10T12:00:00.000Z',
    ],
    [
      'year in Auckland (+13 in January)',
      { mode: 'year', tz: 'Pacific/Auckland', now: '2026-05-10T12:00:00Z' },
      '2025-12-31T11:00:00.000Z',
      '2026-05-10T12:00:00.000Z',
    ],
    [
      'year on New Year in New York, UTC already next year',
      { mode: 'year', tz: 'America/New_York', now: '2027-01-01T02:00:00Z' },
      '2026-01-01T05:00:00.000Z',
      '2027-01-01T02:00:00.000Z',
    ],
    [
      'range of one day',
      { mode: 'range', from: '2026-05-01', to: '2026-05-01', tz: 'UTC', now: '2026-05-10T12:00:00Z' },
      '2026-05-01T00:00:00.000Z',
      '2026-05-02T00:00:00.000Z',
    ],
    [
      'range over spring DST in London',
      { mode: 'range', from: '2026-03-28', to: '2026-03-29', tz: 'Europe/London', now: '2026-05-10T12:00:00Z' },
      '2026-03-28T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
    ],
    [
      'range over autumn DST in London',
      { mode: 'range', from: '2026-10-25', to: '2026-10-25', tz: 'Europe/London', now: '2026-11-10T12:00:00Z' },
      '2026-10-24T23:00:00.000Z',
      '2026-10-26T00:00:00.000Z',
    ],
    [
      'range ending today',
      { mode: 'range', from: '2026-05-09', to: '2026-05-10', tz: 'UTC', now: '2026-05-10T12:00:00Z' },
      '2026-05-09T00:00:00.000Z',
      '2026-05-11T00:00:00.000Z',
    ],
  ];
  it.each(cases)('%s', (_name, input, from, to) => {
    const answer = windowBounds({ ...input, now: at(input.now) });
    expect('window' in answer && [iso(answer.window.from), iso(answer.window.to)]).toEqual([from, to]);
  });

  const errors: [string, Omit<WindowInput, 'now'>, string][] = [
    ['live under 10 minutes', { mode: 'live', minutes: 9, tz: 'UTC' }, 'minutes'],
    ['live over 60 minutes', { mode: 'live', minutes: 61, tz: 'UTC' }, 'minutes'],
    ['live fractional minutes', { mode: 'live', minutes: 12.5, tz: 'UTC' }, 'minutes'],
    ['range after today', { mode: 'range', from: '2026-05-10', to: '2026-05-11', tz: 'UTC' }, 'toValue'],
    [
      'range after today in the viewer zone',
      { mode: 'range', from: '2026-05-10', to: '2026-05-10', tz: 'America/Los_Angeles' },
      'toValue',
    ],
    ['range end before start', { mode: 'range', from: '2026-05-05', to: '2026-05-04', tz: 'UTC' }, 'toValue'],
    ['range without a start', { mode: 'range', to: '2026-05-04', tz: 'UTC' }, 'fromValue'],
    ['range with an impossible date', { mode: 'range', from: '2026-02-30', to: '2026-03-01', tz: 'UTC' }, 'fromValue'],
    // The server took 0050-01-01 as 1950 and 1969 as a day; the web's rule (a real day from 1970) holds for both.
    ['range in a two-digit year', { mode: 'range', from: '0050-01-01', to: '2026-03-01', tz: 'UTC' }, 'fromValue'],
    ['range before 1970', { mode: 'range', from: '1969-12-31', to: '2026-03-01', tz: 'UTC' }, 'fromValue'],
  ];
  it.each(errors)('names no window for %s, naming the field', (_name, input, field) => {
    const answer = windowBounds({ ...input, now: at('2026-05-10T03:00:00Z') });
    expect('problem' in answer && answer.problem.field).toBe(field);
  });
});
