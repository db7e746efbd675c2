import { openPostgres } from '@greenpod/server/bench';
import { refreshLastReadings } from '../../apps/server/src/telemetry/last-readings';
import { addPodRowsSql } from '../../apps/server/src/telemetry/location-rollups';
import { AREA_ROLLUPS } from '../../apps/server/src/telemetry/rollup-tables';

const db = await openPostgres(process.argv[2] as string);
for (const level of AREA_ROLLUPS) {
  await db.query(`DELETE FROM ${level.table}`);
  await db.query(addPodRowsSql(level, 'NOT x.outdoor', { order: '2, 1' }));
}
await refreshLastReadings(
  db,
  (await db.query<{ id: number }>('SELECT id FROM pod')).map((r) => r.id),
);
await db.query('VACUUM ANALYZE');
await db.close();
