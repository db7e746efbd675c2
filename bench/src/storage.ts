import type { Queryable } from '@greenpod/server/bench';
import { DERIVED_TABLES } from '@greenpod/server/bench';

/**
 * What a loaded database holds per raw reading: pg_total_relation_size (heap, indexes, TOAST) of the
 * measurement partitions and of each rollup table, divided by the number of raw readings.
 */
export async function storagePerReading(db: Queryable, readings: number) {
  const [raw] = await db.query<{ bytes: number; partitions: number }>(
    `SELECT sum(pg_total_relation_size(relid))::bigint AS bytes, count(*) FILTER (WHERE isleaf)::int AS partitions
     FROM pg_partition_tree('measurement')`,
  );
  const rollups = await db.query<{ table: string; bytes: number; rows: number }>(
    `SELECT t AS table, pg_total_relation_size(t::regclass)::bigint AS bytes,
       (SELECT reltuples::bigint FROM pg_class WHERE oid = t::regclass) AS rows
     FROM unnest($1::text[]) t`,
    [DERIVED_TABLES],
  );
  const gb = (b: number) => `${(b / 1024 ** 3).toFixed(2)} GB`;
  const per = (b: number) => `${(b / readings).toFixed(1)} B/reading`;
  const rollupBytes = rollups.reduce((a, r) => a + Number(r.bytes), 0);
  const lines = [
    `storage for ${readings.toLocaleString('en')} readings:`,
    `  measurement (${raw?.partitions} partitions): ${gb(Number(raw?.bytes))}, ${per(Number(raw?.bytes))}`,
    ...rollups.map(
      (r) =>
        `  ${r.table} (~${Number(r.rows).toLocaleString('en')} rows): ${gb(Number(r.bytes))}, ${per(Number(r.bytes))}`,
    ),
    `  rollups in all: ${gb(rollupBytes)}, ${per(rollupBytes)}; with the raw readings ${per(rollupBytes + Number(raw?.bytes))}`,
  ];
  console.log(lines.join('\n'));
}
