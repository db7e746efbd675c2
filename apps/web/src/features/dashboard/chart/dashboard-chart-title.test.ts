import { describe, expect, it } from 'vitest';
import { chartSubtitle, chartTitle, chartUnit, formatDay, previousLabel } from './dashboard-chart-title';

describe('chart title and subtitle', () => {
  it('names the sensor and its unit', () => {
    expect(chartTitle('AIR_QUALITY')).toBe('Air Quality');
    expect(chartUnit('ELECTRICITY')).toBe('KW/h');
    expect(chartTitle('SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(chartUnit('SOMETHING_NEW')).toBe('');
  });

  it.each([
    [{ mode: 'live' as const, minutes: 30 }, 'Last 30 minutes'],
    [{ mode: 'live' as const }, 'Last 30 minutes'],
    [{ mode: 'live' as const, minutes: 10 }, 'Last 10 minutes'],
    [{ mode: 'day' as const }, 'Today'],
    [{ mode: 'week' as const }, 'This week'],
    [{ mode: 'year' as const }, 'This year'],
    [{ mode: 'range' as const, from: '2026-11-01', to: '2026-11-20' }, '1 Nov 2026 – 20 Nov 2026'],
    [{ mode: 'range' as const, from: '2026-09-04', to: '2026-09-04' }, '4 Sep 2026'],
    [{ mode: 'range' as const, from: '2026-09-04' }, 'Date Range'],
  ])('subtitle of %j is %j', (window, text) => {
    expect(chartSubtitle(window)).toBe(text);
  });

  it('says the Month tab runs since the same day a month back, in the viewer’s zone, not "This month"', () => {
    const now = Date.UTC(2026, 10, 25, 19, 50); // 25 Nov 2026, 19:50 UTC
    expect(chartSubtitle({ mode: 'month' }, now, 'UTC')).toBe('Since 25 Oct 2026');
    // Already the 26th in Tokyo.
    expect(chartSubtitle({ mode: 'month' }, now, 'Asia/Tokyo')).toBe('Since 26 Oct 2026');
    // 31 March steps back to the last day of February.
    expect(chartSubtitle({ mode: 'month' }, Date.UTC(2026, 2, 31, 12), 'UTC')).toBe('Since 28 Feb 2026');
  });

  it('names the previous period', () => {
    expect(previousLabel({ mode: 'day' })).toBe('Yesterday');
    expect(previousLabel({ mode: 'live', minutes: 20 })).toBe('Previous 20 minutes');
  });

  it('formats a calendar date without a zone', () => {
    expect(formatDay('2026-01-09')).toBe('9 Jan 2026');
    expect(formatDay('nonsense')).toBe('');
  });
});
