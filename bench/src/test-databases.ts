/**
 * bench/test-databases: what one server test file's database costs, made fresh and migrated (as every
 * file did before) against copied from a template migrated once (what apps/server/src/test does now), on
 * PGlite and on PostgreSQL, the two ways alternating in one run so machine load hits both alike.
 *   npm run bench:test-databases [-- --rounds 5 --skip-postgres]
 * PostgreSQL: DATABASE_URL's server or a throwaway cluster. Prints medians and their ratio; asserts nothing.
 */
import { parseArgs } from 'node:util';
import { migrate, migratedPgliteDump, openPglite, openPostgres } from '@greenpod/server/bench';
import { freePort } from '@greenpod/server/testing';
import pg from 'pg';
import { benchDatabase } from './pg-cluster';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(args.rounds);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const timed = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

async function compare(engine: string, fresh: () => Promise<unknown>, copy: () => Promise<unknown>) {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    a.push(await timed(fresh));
    b.push(await timed(copy));
  }
  console.log(
    `  ${engine.padEnd(10)} fresh + migrate ${median(a).toFixed(0)} ms, from template ${median(b).toFixed(0)} ms: ` +
      `the template takes ${(median(b) / median(a)).toFixed(2)} of the time`,
  );
}

console.log(`bench/test-databases ${new Date().toISOString()}, medians of ${ROUNDS} rounds each`);

const dump = await migratedPgliteDump();
await compare(
  'PGlite',
  async () => {
    const db = await openPglite();
    await migrate(db);
    await db.close();
  },
  async () => {
    const db = await openPglite(undefined, dump);
    await db.close();
  },
);

if (!args['skip-postgres']) {
  const server = await benchDatabase('greenpod_bench_test_databases', await freePort());
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  const urlOf = (name: string) => Object.assign(new URL(server.url), { pathname: `/${name}` }).toString();
  let n = 0;
  const made = async (sql: (name: string) => string) => {
    const name = `greenpod_bench_tdb_${n++}`;
    await admin.query(sql(name));
    return name;
  };
  const drop = (name: string) => admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  const tpl = await made((name) => `CREATE DATABASE ${name}`);
  const t = await openPostgres(urlOf(tpl));
  await migrate(t);
  await t.close();
  await compare(
    'PostgreSQL',
    async () => {
      const name = await made((x) => `CREATE DATABASE ${x}`);
      const db = await openPostgres(urlOf(name));
      await migrate(db);
      await db.close();
      await drop(name);
    },
    async () => {
      const name = await made((x) => `CREATE DATABASE ${x} TEMPLATE ${tpl}`);
      const db = await openPostgres(urlOf(name));
      await db.close();
      await drop(name);
    },
  );
  await drop(tpl);
  await admin.end();
  await server.drop();
}
