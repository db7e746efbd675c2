import type { Queryable } from '../db/database';

/**
 * Raw readings are partitioned by UTC week (ADR 0028): `measurement_<yyyymmdd>` holds the readings from that
 * Monday 00:00 UTC for seven days; `measurement_before` everything before the first week and
 * `measurement_after` everything after the last, so every time has a partition. The SQL functions of
 * migration 028 change them: greenpod_measurement_weeks makes weeks (moving their readings out of the two
 * edges), greenpod_measurement_drop_before drops them.
 */

/** Partitions kept made ahead of the current week, so readings arriving on time never land in the edge. */
export const WEEKS_AHEAD = 2;

/** The start of the UTC week (Monday 00:00) holding time `column`, an SQL expression (migration 028). */
export const weekOf = (column: string) => `greenpod_measurement_week(${column})`;

/**
 * Where retention keeps raw readings from, as SQL, given `days` (an SQL expression for RAW_RETENTION_DAYS):
 * whole weeks go, so it is the start of the week holding the moment `days` ago. Readings are kept for
 * `days` to `days` + 7 days; the rollups keep everything (docs/domain.md#retention).
 */
export const retentionHorizonSql = (days: string) => weekOf(`now() - make_interval(days => ${days})`);

/**
 * Makes the weeks up to the one holding `to` and, unless `from` is null, back to the one holding `from`
 * (bulk loads of history); answers how many it made.
 */
export async function makeWeeks(db: Queryable, from: Date | null, to: Date): Promise<number> {
  const [row] = await db.query<{ made: number }>(
    'SELECT greenpod_measurement_weeks($1::timestamptz, $2::timestamptz) AS made',
    [from, to],
  );
  return row?.made ?? 0;
}

/** The weeks ahead the maintenance pass keeps: this one and WEEKS_AHEAD more. */
export const makeWeeksAhead = (db: Queryable) =>
  db
    .query<{ made: number }>(
      `SELECT greenpod_measurement_weeks(NULL, now() + interval '${WEEKS_AHEAD * 7} days') AS made`,
    )
    .then((rows) => rows[0]?.made ?? 0);

/** Every week partition (not the two edges) with its bounds, earliest first. */
export async function weekPartitions(db: Queryable): Promise<{ name: string; lower: Date; upper: Date }[]> {
  return db.query<{ name: string; lower: Date; upper: Date }>(
    'SELECT name, lower, upper FROM greenpod_measurement_partitions() WHERE lower IS NOT NULL AND upper IS NOT NULL',
  );
}
