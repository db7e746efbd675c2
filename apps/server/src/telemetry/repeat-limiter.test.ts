import { describe, expect, it } from 'vitest';
import { RepeatLimiter } from './repeat-limiter';

describe('RepeatLimiter', () => {
  it('lets a key through once per interval and counts what it held back', () => {
    let now = 0;
    const limiter = new RepeatLimiter(60_000, () => now);
    expect(limiter.allow('poison|pod-1')).toBe(0);
    expect(limiter.allow('poison|pod-1')).toBeNull();
    expect(limiter.allow('poison|pod-1')).toBeNull();
    expect(limiter.allow('poison|pod-2')).toBe(0);
    now = 60_000;
    expect(limiter.allow('poison|pod-1')).toBe(2);
    expect(limiter.allow('poison|pod-1')).toBeNull();
  });

  it('stays bounded when many keys fail once each', () => {
    const limiter = new RepeatLimiter(60_000, () => 0);
    for (let i = 0; i < 5_000; i++) limiter.allow(`k${i}`);
    // The oldest keys were forgotten, so they may be logged again; the newest are still held back.
    expect(limiter.allow('k0')).toBe(0);
    expect(limiter.allow('k4999')).toBeNull();
  });
});
