import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import { pgRateLimitStore } from './rate-limit-store';

describe('the rate-limit store', () => {
  it('counts attempts per key, and a housekeeping sweep that fails as the database closes harms nothing', async () => {
    const db = await openTestDatabase();
    const Store = pgRateLimitStore(db, { sweepChance: 1 });
    const store = new Store(undefined, 'POST /api/user/login');
    const incr = () =>
      new Promise<{ current: number; ttl: number }>((ok, fail) =>
        store.incr('1.2.3.4', (err, res) => (err ? fail(err) : ok(res as { current: number; ttl: number })), 60_000),
      );
    expect((await incr()).current).toBe(1);
    expect((await incr()).current).toBe(2);
    // The sweep each increment starts runs after the answer: the database is gone by then. Vitest fails
    // the run on an unhandled rejection, which is what a sweep without its catch left behind.
    const last = await incr();
    await db.drop();
    expect(last.current).toBe(3);
    await new Promise((r) => setTimeout(r, 100));
  });
});
