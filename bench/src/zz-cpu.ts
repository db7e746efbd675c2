import { readFileSync } from 'node:fs';
import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:55432/cards_bench_query_1000p_10000000' });
await c.connect();
await c.query('SET jit = off');
const pid = (await c.query('SELECT pg_backend_pid() AS p')).rows[0].p;
const cpu = () => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
const f = "'2025-01-01 00:00:00+00'::timestamptz", t = "'2025-12-31 14:37:13+00'::timestamptz";
const K = ['temperature','humidity','barometric','luminescence','air_quality','water_flow','electricity','motion'];
const from = "FROM pod t LEFT JOIN pod_last_reading l ON l.pod_id = t.id WHERE t.location_id IN (SELECT id FROM location) AND NOT t.outdoor";
const variants: Record<string, string> = {
  join: `SELECT count(*) ${from}`,
  filters16: `SELECT t.location_id, ${K.map((k) => `sum(t.voltage) FILTER (WHERE l.lo_${k} >= ${f} AND l.hi_${k} < ${t}), count(*) FILTER (WHERE l.lo_${k} >= ${f} AND l.hi_${k} < ${t})`).join(', ')} ${from} GROUP BY 1`,
  mask: `SELECT t.location_id, t.voltage, ${K.map((k, i) => `(CASE WHEN l.lo_${k} >= ${f} AND l.hi_${k} < ${t} THEN ${1 << i} ELSE 0 END)`).join(' + ')} AS m, count(*) ${from} GROUP BY 1, 2, 3`,
  unpivot: `SELECT t.location_id, k.type, sum(t.voltage) FILTER (WHERE k.lo >= ${f} AND k.hi < ${t}), count(*) FILTER (WHERE k.lo >= ${f} AND k.hi < ${t}) ${from.replace('WHERE', `CROSS JOIN LATERAL (VALUES ${K.map((k) => `('${k}', l.lo_${k}, l.hi_${k})`).join(', ')}) k(type, lo, hi) WHERE`)} GROUP BY 1, 2`,
};
for (let round = 0; round < 3; round++)
  for (const [name, sql] of Object.entries(variants)) {
    await c.query(`PREPARE v_${name}_${round} AS ${sql}`);
    for (let i = 0; i < 20; i++) await c.query(`EXECUTE v_${name}_${round}`);
    const a = cpu();
    for (let i = 0; i < 200; i++) await c.query(`EXECUTE v_${name}_${round}`);
    console.log(round, name, ((cpu() - a) / 200 / 1e6).toFixed(3), 'ms CPU');
  }
await c.end();
