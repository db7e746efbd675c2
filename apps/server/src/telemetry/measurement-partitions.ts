import type { Queryable } from '../db/database';

/**
 * Raw readings are partitioned by UTC week (ADR 0028): `measurement_<yyyymmdd>` holds the readings from that
 * Monday 00:00 UTC for seven days, `measurement_default` any reading whose week has no partition yet. The SQL
 * function greenpod_measurement_partition (migration 028) makes a week's partition and moves that week's
 * readings out of the DEFAULT partition into it.
 */

/** Partitions kept made ahead of the current week, so readings arriving on time never wait for one. */
export const WEEKS_AHEAD = 2;

/** The start of the UTC week (Monday 00:00) holding time `column`, an SQL expression (migration 028). */
export const weekOf = (column: string) => `greenpod_measurement_week(${column})`;

/**
 * Where retention keeps raw readings from, as SQL, given `days` (an SQL expression for RAW_RETENTION_DAYS):
 * whole weeks go, so it is the start of the week holding the moment `days` ago. Readings are kept for
 * `days` to `days` + 7 days; the rollups keep everything (docs/domain.md#retention).
 */
export const retentionHorizonSql = (days: string) => weekOf(`now() - make_interval(days => ${days})`);

/** Makes the partition of each week in `weeks` (any time within it) that has none; answers how many it made. */
export async function makeWeekPartitions(db: Queryable, weeks: readonly Date[]): Promise<number> {
  let made = 0;
  // One call per statement: a statement that also read measurement could not attach to it.
  for (const week of weeks) {
    const [row] = await db.query<{ made: boolean }>('SELECT greenpod_measurement_partition($1) AS made', [week]);
    if (row?.made) made++;
  }
  return made;
}

/** Makes the partition of every week from the one holding `from` to the one holding `to` (bulk loads). */
export async function makePartitionsBetween(db: Queryable, from: Date, to: Date): Promise<number> {
  const weeks = await db.query<{ w: Date }>(
    `SELECT generate_series(${weekOf('$1::timestamptz')}, $2::timestamptz, interval '7 days') AS w`,
    [from, to],
  );
  return makeWeekPartitions(
    db,
    weeks.map((r) => r.w),
  );
}

/**
 * The weeks that need a partition now: this week and WEEKS_AHEAD more, and every week with readings in the
 * DEFAULT partition from `horizon` on (older ones are past retention and are deleted instead).
 */
export async function weeksWanted(db: Queryable, horizon: Date | null): Promise<Date[]> {
  const rows = await db.query<{ w: Date }>(
    `SELECT ${weekOf('now()')} + k * interval '7 days' AS w FROM generate_series(0, ${WEEKS_AHEAD}) k
     UNION SELECT DISTINCT ${weekOf('created')} FROM measurement_default WHERE created >= coalesce($1::timestamptz, '-infinity')
     ORDER BY 1`,
    [horizon],
  );
  return rows.map((r) => r.w);
}

/** Every week partition (not the DEFAULT one) with its upper bound, read from the catalogue. */
export async function weekPartitions(db: Queryable): Promise<{ name: string; upper: Date }[]> {
  return db.query<{ name: string; upper: Date }>(
    `SELECT c.relname AS name, (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]::timestamptz AS upper
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'measurement'::regclass AND c.relname <> 'measurement_default'
     ORDER BY 2`,
  );
}
