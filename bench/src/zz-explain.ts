import { parseArgs } from 'node:util';
import { listCards, migrate, openPostgres, type Queryable, resolveWindow } from '@greenpod/server/bench';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    mode: { type: 'string', default: 'day' },
    migrate: { type: 'boolean', default: false },
    level: { type: 'string', default: 'root' },
  },
});
const url = new URL(process.env.DATABASE_URL as string);
url.pathname = `/${args.db}`;
const db = await openPostgres(url.toString());
if (args.migrate) {
  const t0 = performance.now();
  console.log('migrated', await migrate(db), ((performance.now() - t0) / 1000).toFixed(1), 's');
  await db.query('VACUUM ANALYZE');
}
const NOW = new Date('2025-12-31T14:37:13.000Z');
let captured: { sql: string; params: unknown[] } | undefined;
const spy: Queryable = {
  ...db,
  query: async (sql: string, params?: unknown[]) => {
    captured ??= { sql, params: params ?? [] };
    return db.query(sql, params as never);
  },
} as never;
const w = resolveWindow({ mode: args.mode as never, minutes: 30, tz: 'UTC', now: NOW });
const loc = (await db.query<{ id: number }>('SELECT id FROM location ORDER BY id LIMIT 1'))[0]?.id;
await listCards(
  spy,
  { all: true },
  {
    filter: args.level === 'root' ? {} : { locationId: loc },
    window: w,
    skip: 0,
    limit: 5,
    direction: 'ASC',
    now: NOW,
  },
);
const c = new pg.Client({ connectionString: url.toString() });
await c.connect();
await c.query('SET plan_cache_mode = force_generic_plan; SET jit = off');
await c.query(`PREPARE s AS ${captured?.sql}`);
const lit = (captured?.params ?? []).map((p) =>
  p instanceof Date
    ? `'${p.toISOString()}'`
    : Array.isArray(p)
      ? `'{${p.join(',')}}'`
      : typeof p === 'string'
        ? `'${p}'`
        : String(p),
);
for (let i = 0; i < 3; i++) await c.query(`EXECUTE s(${lit.join(', ')})`);
const plan = await c.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE s(${lit.join(', ')})`);
console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
await c.end();
await db.close();
