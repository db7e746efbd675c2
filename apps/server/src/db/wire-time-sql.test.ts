import { formatWireTime } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { Database } from './database';
import { dateOnlySql, wireTimeSql } from './wire-time-sql';

describe('times written by SQL', () => {
  let db: Database & { drop(): Promise<void> };
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.drop());

  // Milliseconds are dropped, not rounded, on both sides: 23:59:59.999 stays in its day.
  it.each(['2026-03-29T00:59:59.999Z', '2026-10-25T01:30:00.000Z', '1999-12-31T23:59:59.500Z'])(
    'writes %s as formatWireTime does',
    async (iso) => {
      const [row] = await db.query<{ wire: string }>(`SELECT ${wireTimeSql('$1::timestamptz')} AS wire`, [iso]);
      expect(row?.wire).toBe(formatWireTime(new Date(iso)));
    },
  );

  it('writes the calendar date of a wall clock', async () => {
    const [row] = await db.query<{ day: string }>(
      `SELECT ${dateOnlySql("$1::timestamptz AT TIME ZONE 'Asia/Dubai'")} AS day`,
      ['2026-05-10T21:00:00Z'],
    );
    expect(row?.day).toBe('2026-05-11');
  });
});
