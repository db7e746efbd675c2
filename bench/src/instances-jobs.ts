import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

/**
 * What each scheduled job leaves behind, read after two instances have run side by side (bench/instances):
 * every job's effect must be there once per period, whichever instance made it. The database's unique keys
 * keep a row from being written twice, so the checks that can fail are "missing" (no instance did the job) and,
 * for mails and presence, "twice" (mails are files in each instance's outbox, sent from a shared queue).
 */

const SETTLE_MS = 10 * 60_000; // aggregates/aggregate-generator.ts: a period counts as closed this long after its end
const DAY = 86_400_000;

type Granularity = 'daily' | 'weekly' | 'monthly';
const periodOf: Record<Granularity, (t: Date) => { start: number; end: number }> = {
  daily: (t) => {
    const start = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
    return { start, end: start + DAY };
  },
  weekly: (t) => {
    const day = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
    const start = day - ((t.getUTCDay() + 6) % 7) * DAY; // weeks from Monday
    return { start, end: start + 7 * DAY };
  },
  monthly: (t) => ({
    start: Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1),
    end: Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1),
  }),
};

/** The closed periods (UTC, the default AGGREGATE_TIMEZONE) that readings at `times` fall in, at `now`. */
export function closedPeriods(times: readonly Date[], now: Date): Record<Granularity, Set<string>> {
  const out = { daily: new Set<string>(), weekly: new Set<string>(), monthly: new Set<string>() };
  for (const g of Object.keys(out) as Granularity[])
    for (const t of times) {
      const p = periodOf[g](t);
      if (p.end + SETTLE_MS <= now.getTime()) out[g].add(new Date(p.start).toISOString());
    }
  return out;
}

export interface JobCheck {
  job: string;
  expected: string;
  found: string;
  ok: boolean;
}

/** Aggregates: every pod has exactly the closed periods its readings fall in, per granularity. */
export async function aggregatesOnce(
  sql: pg.Client,
  podIds: readonly number[],
  expected: Record<Granularity, Set<string>>,
) {
  const rows = await sql.query<{ granularity: Granularity; pod_id: number; created: Date; n: number }>(
    `SELECT granularity, pod_id, created, count(*)::int AS n FROM aggregated_data WHERE pod_id = ANY($1::int[])
     GROUP BY granularity, pod_id, created`,
    [podIds],
  );
  return (Object.keys(expected) as Granularity[]).map((g): JobCheck => {
    const mine = rows.rows.filter((r) => r.granularity === g);
    const twice = mine.filter((r) => r.n > 1).length;
    const wrong = mine.filter((r) => !expected[g].has(r.created.toISOString())).length;
    const want = podIds.length * expected[g].size;
    return {
      job: `aggregates ${g}`,
      expected: `${want} rows (${podIds.length} pods x ${expected[g].size} periods)`,
      found: `${mine.length} rows, ${twice} twice, ${wrong} outside those periods`,
      ok: mine.length === want && twice === 0 && wrong === 0,
    };
  });
}

/** Savings: one row per tariff's pod for each closed period (MONTHLY tariffs on readings of one month: one). */
export async function savingsOnce(sql: pg.Client, tariffPodIds: readonly number[]): Promise<JobCheck> {
  const rows = await sql.query<{ pod_id: number; n: number }>(
    `SELECT pod_id, count(*)::int AS n FROM saving WHERE pod_id = ANY($1::int[]) GROUP BY pod_id, type, period_start`,
    [tariffPodIds],
  );
  const pods = new Set(rows.rows.map((r) => r.pod_id));
  return {
    job: 'savings',
    expected: `${tariffPodIds.length} rows, one per tariff's pod`,
    found: `${rows.rows.length} periods for ${pods.size} pods, ${rows.rows.filter((r) => r.n > 1).length} twice`,
    ok: rows.rows.length === tariffPodIds.length && pods.size === tariffPodIds.length,
  };
}

/** The .eml files in the instances' outboxes (DATA_DIR/outbox) whose subject starts with `subject`. */
export function mailsWith(dataDirs: readonly string[], subject: string): number {
  let n = 0;
  for (const dir of dataDirs) {
    const outbox = join(dir, 'outbox');
    let files: string[] = [];
    try {
      files = readdirSync(outbox);
    } catch {
      continue;
    }
    for (const f of files) if (readFileSync(join(outbox, f), 'utf8').includes(`\nSubject: ${subject}`)) n++;
  }
  return n;
}

/** Reports and alarm health: one mail per recipient and period, across both outboxes, and one record of it. */
export async function mailsOnce(sql: pg.Client, dataDirs: readonly string[]): Promise<JobCheck[]> {
  const count = async (table: string) =>
    (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n ?? 0;
  const reports = mailsWith(dataDirs, 'Greenpod report:');
  const health = mailsWith(dataDirs, 'Greenpod alarm health');
  const delivered = await count('report_delivery');
  const weeks = await count('alarm_health_mail');
  return [
    {
      job: 'monthly report mail',
      expected: '1 mail (1 subscriber, 1 location, last month), 1 report_delivery row',
      found: `${reports} mails, ${delivered} rows`,
      ok: reports === 1 && delivered === 1,
    },
    {
      job: 'alarm health mail',
      expected: '1 mail (1 administrator, last week), 1 alarm_health_mail row',
      found: `${health} mails, ${weeks} rows`,
      ok: health === 1 && weeks === 1,
    },
  ];
}

/** The offline sweep: each pod declared offline once for its silence after its last reading. */
export async function offlineOnce(sql: pg.Client, podIds: readonly number[]): Promise<JobCheck> {
  const rows = await sql.query<{ pod_id: number; n: number; last: boolean }>(
    `SELECT n.pod_id, count(*)::int AS n,
            n.reading_at = (SELECT max(m.created) FROM measurement m WHERE m.pod_id = n.pod_id) AS last
     FROM notification n WHERE n.type = 'OFFLINE' AND n.pod_id = ANY($1::int[]) GROUP BY n.pod_id, n.reading_at`,
    [podIds],
  );
  const atLast = rows.rows.filter((r) => r.last);
  const twice = rows.rows.filter((r) => r.n > 1).length;
  return {
    job: 'offline sweep',
    expected: `${podIds.length} pods offline at their last reading, each once`,
    found: `${atLast.length} pods, ${twice} silences declared twice`,
    ok: atLast.length === podIds.length && atLast.every((r) => r.n === 1) && twice === 0,
  };
}
