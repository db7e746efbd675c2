import { newShortcode } from '../crud/hooks';
import type { Database, Queryable } from '../db/database';
import { mosquittoHash } from '../telemetry/broker-credentials';
import { hashIngestKey, newIngestKey } from '../telemetry/pod-directory';
import { DEMO_CLIENTS, DEMO_GROUP, type DemoClient } from './demo-catalogue';
import { type HistoryPod, writeHourlyHistory, writeRawReadings } from './demo-history';
import { type DemoPod, writeDemoPods } from './demo-pods-file';
import { writeDemoRules, writeDemoTariffs } from './demo-rules';
import { type Progress, silentProgress } from './progress-bar';
import { CLIMATES, seededRandom } from './reading-model';

export interface DemoOptions {
  /** Where the pods' ingest keys are written (DATA_DIR/demo-pods.json). */
  podsFile: string;
  progress?: Progress;
  /** Days of history in all, and how many of the most recent are raw 5-minute readings. */
  historyDays?: number;
  rawDays?: number;
  /** Caps the pod count (tests); the estate keeps all its locations and areas. */
  maxPods?: number;
  now?: Date;
  /** Seed of the random noise, so two demo databases hold the same history. */
  seed?: number;
}

export interface DemoResult {
  seeded: boolean;
  pods: DemoPod[];
}

const DAY_MS = 86_400_000;

/**
 * The demo estate (README, "Run it"), seeded only into a database with no group yet, so a
 * restart or an estate someone built by hand is left alone. Everything runs in one transaction: an
 * interrupted first start leaves an empty database that the next start seeds again, not half an estate.
 */
export async function seedDemoEstate(db: Database, opts: DemoOptions): Promise<DemoResult> {
  const [existing] = await db.query('SELECT id FROM app_group LIMIT 1');
  if (existing) return { seeded: false, pods: [] };
  const progress = opts.progress ?? silentProgress;
  const now = opts.now ?? new Date();
  const historyDays = opts.historyDays ?? 365;
  const rawDays = Math.min(opts.rawDays ?? 7, historyDays);
  const rand = seededRandom(opts.seed ?? 20_240_601);

  const pods = await db.transaction(async (tx) => {
    progress.phase('Estate', DEMO_CLIENTS.length);
    const sensorIds = await sensorCatalogue(tx);
    const [group] = await tx.query<{ id: number }>(
      'INSERT INTO app_group (title, description, shortcode) VALUES ($1, $2, $3) RETURNING id',
      [DEMO_GROUP.title, DEMO_GROUP.description, newShortcode()],
    );
    if (!group) throw new Error('the demo group was not created');
    const made: (HistoryPod & { demo: DemoPod })[] = [];
    for (const client of DEMO_CLIENTS) {
      made.push(
        ...(await createClient(
          tx,
          group.id,
          client,
          sensorIds,
          rand,
          (opts.maxPods ?? Number.POSITIVE_INFINITY) - made.length,
        )),
      );
      progress.tick();
    }
    await tx.query(
      'INSERT INTO pod_sensor (pod_id, sensor_id) SELECT p, s FROM unnest($1::int[]) AS p CROSS JOIN unnest($2::int[]) AS s',
      [made.map((p) => p.id), [...sensorIds.values()]],
    );
    await writeDemoRules(
      tx,
      made.map((p) => p.id),
    );

    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const historyStart = new Date(today - historyDays * DAY_MS);
    const rawStart = new Date(today - rawDays * DAY_MS);
    await writeHourlyHistory(tx, made, historyStart, rawStart, rand, progress);
    await writeRawReadings(tx, made, rawStart, now, rand, progress);
    await writeDemoTariffs(
      tx,
      made.map((p) => p.id),
      new Date(today),
    );
    // Written inside the transaction: if the commit then fails, the next start rewrites the file.
    const demoPods = made.map((p) => p.demo);
    writeDemoPods(opts.podsFile, demoPods);
    return demoPods;
  });
  progress.end();
  return { seeded: true, pods };
}

async function sensorCatalogue(tx: Queryable): Promise<Map<string, number>> {
  const rows = await tx.query<{ id: number; type: string }>(
    'SELECT min(id) AS id, type FROM sensor WHERE active GROUP BY type ORDER BY type',
  );
  return new Map(rows.map((r) => [r.type, r.id]));
}

async function createClient(
  tx: Queryable,
  groupId: number,
  client: DemoClient,
  sensorIds: ReadonlyMap<string, number>,
  rand: () => number,
  podBudget: number,
) {
  const [row] = await tx.query<{ id: number }>(
    'INSERT INTO client (group_id, title, description, shortcode) VALUES ($1, $2, $3, $4) RETURNING id',
    [groupId, client.title, client.description, newShortcode()],
  );
  if (!row) throw new Error(`client ${client.title} was not created`);
  const t = client.theme;
  await tx.query(
    `INSERT INTO configuration (group_id, client_id, background_color, foreground_color, primary_action_color,
       secondary_action_color, success_color, warning_color, dropdown_color, primary_text_color, secondary_text_color,
       time_frame, alert_limit, currency, electricity_tariff, water_tariff)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 30, 10, $12, $13, $14)`,
    [
      groupId,
      row.id,
      t.background,
      t.foreground,
      t.primaryAction,
      t.secondaryAction,
      t.success,
      t.warning,
      t.dropdown,
      t.primaryText,
      t.secondaryText,
      client.currency,
      client.electricityTariff,
      client.waterTariff,
    ],
  );
  const pods: (HistoryPod & { demo: DemoPod })[] = [];
  for (const [l, loc] of client.locations.entries()) {
    const [location] = await tx.query<{ id: number }>(
      `INSERT INTO location (group_id, client_id, title, description, country, city, address, contact_name, contact_number,
         box_count, latitude, longitude)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        groupId,
        row.id,
        loc.title,
        `${client.title} in ${loc.city}`,
        loc.country,
        loc.city,
        loc.address,
        loc.contactName,
        loc.contactNumber,
        loc.areas.reduce((n, a) => n + a.pods, 0),
        loc.latitude,
        loc.longitude,
      ],
    );
    if (!location) throw new Error(`location ${loc.title} was not created`);
    let number = 101;
    for (const a of loc.areas) {
      const [area] = await tx.query<{ id: number }>(
        'INSERT INTO area (group_id, client_id, location_id, title, description) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [groupId, row.id, location.id, a.title, `${a.title} at ${loc.title}`],
      );
      if (!area) throw new Error(`area ${a.title} was not created`);
      for (let p = 0; p < a.pods && pods.length < podBudget; p++, number++) {
        const identifier = `${client.prefix}-${loc.code}-${number}`;
        const key = newIngestKey();
        const voltage = 230;
        const [pod] = await tx.query<{ id: number }>(
          `INSERT INTO pod (group_id, client_id, location_id, area_id, identifier, title, description, voltage, ingest_key_hash, broker_key_hash)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [
            groupId,
            row.id,
            location.id,
            area.id,
            identifier,
            `${loc.city} ${a.title} #${number}`,
            `Demo pod in ${a.title}, ${loc.title}`,
            voltage,
            hashIngestKey(key),
            mosquittoHash(key),
          ],
        );
        if (!pod) throw new Error(`pod ${identifier} was not created`);
        const profile = {
          kind: client.kind,
          city: loc.city,
          voltage,
          scale: 0.7 + rand() * 0.6,
          weatherPhase: l * 1.9 + (CLIMATES[loc.city].utcOffset % 3),
        };
        pods.push({ id: pod.id, profile, sensorIds, demo: { identifier, key, ...profile } });
      }
    }
  }
  return pods;
}
