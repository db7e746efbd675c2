import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChartNow } from './dashboard-chart-now';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-25T10:00:00.400Z'));
});
afterEach(() => vi.useRealTimers());

describe('useChartNow', () => {
  it('moves with live readings at most once per quiet time, the last bump landing when it is up', () => {
    const { result, rerender } = renderHook(({ version }) => useChartNow('day', version, 5_000), {
      initialProps: { version: 0 },
    });
    const start = Date.parse('2026-11-25T10:00:00Z');
    expect(result.current).toBe(start);
    act(() => vi.advanceTimersByTime(1_000));
    rerender({ version: 1 });
    act(() => vi.advanceTimersByTime(1_000));
    rerender({ version: 2 });
    expect(result.current).toBe(start);
    act(() => vi.advanceTimersByTime(3_000));
    expect(result.current).toBe(start + 5_000);
  });

  it('keeps its instant for a quick tab change (the cache answers) and moves for a late one', () => {
    const { result, rerender } = renderHook(({ key }) => useChartNow(key, 0, 60_000), {
      initialProps: { key: 'year' },
    });
    const start = result.current;
    act(() => vi.advanceTimersByTime(10_000));
    rerender({ key: 'month' });
    expect(result.current).toBe(start);
    act(() => vi.advanceTimersByTime(60_000));
    rerender({ key: 'year' });
    expect(result.current).toBe(start + 70_000);
  });
});
