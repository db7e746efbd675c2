import { afterEach, describe, expect, it } from 'vitest';
import { browserTimeZone, getTimeZone, setTimeZone, TIME_ZONE_KEY } from './preferences';

afterEach(() => localStorage.clear());

describe('time zone preference', () => {
  it('follows the browser until one is chosen, and again once cleared', () => {
    expect(getTimeZone()).toBe(browserTimeZone());
    setTimeZone('Asia/Dubai');
    expect(getTimeZone()).toBe('Asia/Dubai');
    setTimeZone(null);
    expect(getTimeZone()).toBe(browserTimeZone());
  });

  it('ignores a zone this browser does not know (a hand-edited or stale value)', () => {
    setTimeZone('Mars/Olympus');
    expect(localStorage.getItem(TIME_ZONE_KEY)).toBeNull();
    localStorage.setItem(TIME_ZONE_KEY, 'Mars/Olympus');
    expect(getTimeZone()).toBe(browserTimeZone());
  });
});
