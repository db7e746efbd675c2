import { describe, expect, it } from 'vitest';
import { addDays, LIVE_MINUTES, todayIn, windowQuery } from './dashboard-window';

describe('dashboard windows', () => {
  it('takes "today" from the viewer\'s zone, not the browser\'s', () => {
    const late = new Date('2026-03-15T23:30:00Z');
    expect(todayIn('UTC', late)).toBe('2026-03-15');
    expect(todayIn('Asia/Dubai', late)).toBe('2026-03-16');
    expect(todayIn('America/New_York', late)).toBe('2026-03-15');
  });

  it('counts calendar days across months, years and clock changes', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('offers Live every ten minutes the server takes', () => {
    expect(LIVE_MINUTES).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('sends only the fields of the chosen tab', () => {
    expect(windowQuery({ mode: 'live', minutes: 20, from: 'x', to: 'y' }, 'UTC')).toEqual({
      mode: 'live',
      minutes: 20,
      fromValue: undefined,
      toValue: undefined,
      tz: 'UTC',
    });
    expect(windowQuery({ mode: 'range', minutes: 20, from: '2026-01-01', to: '2026-01-02' }, 'Europe/London')).toEqual({
      mode: 'range',
      minutes: undefined,
      fromValue: '2026-01-01',
      toValue: '2026-01-02',
      tz: 'Europe/London',
    });
  });
});
