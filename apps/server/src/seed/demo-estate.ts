import {
  area,
  client as clientResource,
  configuration,
  group as groupResource,
  location,
  pod,
  podSensor,
} from '@greenpod/contracts';
import { insertTarget } from '../crud/tables';
import type { Database, Queryable } from '../db/database';
import { seededRandom } from '../seeded-random';
import {
  DEMO_CLIENTS,
  DEMO_GROUP,
  type DemoClient,
  demoDates,
  LED_FACTOR,
  OUTDOOR_AREA,
  outdoorPodTitle,
} from './demo-catalogue';
import { type HistoryPod, writeHourlyHistory, writeRawReadings } from './demo-history';
import { type DemoPod, writeDemoPods } from './demo-pods-file';
import { type TariffPlan, writeDemoRules, writeDemoTariffs } from './demo-rules';
import { type Progress, silentProgress } from './progress-bar';
import { CLIMATES, type PodProfile, podSensorTypes } from './reading-model';
import { seedRow } from './seed-rows';

export interface DemoOptions {
  /** Where the pods' ingest keys are written (DATA_DIR/demo-pods.json). */
  podsFile: string;
  progress?: Progress;
  /** Days of history in all, and how many of the most recent are raw 5-minute readings. */
  historyDays?: number;
  rawDays?: number;
  /**
   * Caps the pod count (tests); the estate keeps all its locations and areas. Each location's rooms
   * come first, then its outdoor pod, so a small cap leaves the outdoor pods out.
   */
  maxPods?: number;
  /** Only these locations (their codes, e.g. 'lon'), with their pods (tests). */
  locations?: readonly string[];
  now?: Date;
  /** Seed of the random noise, so two demo databases hold the same history. */
  seed?: number;
}

export interface DemoResult {
  seeded: boolean;
  pods: DemoPod[];
}

/** A pod made by the seed: its history and, for a room, its tariffs' plan. */
type MadePod = HistoryPod & { demo: DemoPod; tariff?: Omit<TariffPlan, 'podId'> };

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
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const dates = demoDates(today);

  const pods = await db.transaction(async (tx) => {
    progress.phase('Estate', DEMO_CLIENTS.length);
    const sensorIds = await sensorCatalogue(tx);
    const group = await seedRow(tx, groupResource, { title: DEMO_GROUP.title, description: DEMO_GROUP.description });
    const made: MadePod[] = [];
    const ctx = { groupId: group.id, sensorIds, rand, today, dates, locations: opts.locations };
    for (const client of DEMO_CLIENTS) {
      made.push(...(await createClient(tx, ctx, client, (opts.maxPods ?? Number.POSITIVE_INFINITY) - made.length)));
      progress.tick();
    }
    // Each pod's sensors: an outdoor pod has its temperature only.
    const links = made.flatMap((p) => [...p.sensorIds.values()].map((sensorId) => [p.id, sensorId] as const));
    await tx.query(
      `INSERT INTO ${insertTarget(podSensor, ['podId', 'sensorId'])}
       SELECT * FROM unnest($1::int[], $2::int[])`,
      [links.map(([p]) => p), links.map(([, s]) => s)],
    );
    await writeDemoRules(
      tx,
      made.filter((p) => !p.profile.outdoor).map((p) => p.id),
    );

    const historyStart = new Date(today.getTime() - historyDays * DAY_MS);
    const rawStart = new Date(today.getTime() - rawDays * DAY_MS);
    await writeHourlyHistory(tx, made, historyStart, rawStart, rand, progress);
    await writeRawReadings(tx, made, rawStart, now, rand, progress);
    await writeDemoTariffs(
      tx,
      made.flatMap((p) => (p.tariff ? [{ podId: p.id, ...p.tariff }] : [])),
      today,
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

interface SeedContext {
  groupId: number;
  sensorIds: ReadonlyMap<string, number>;
  rand: () => number;
  today: Date;
  dates: ReturnType<typeof demoDates>;
  locations: readonly string[] | undefined;
}

async function createClient(tx: Queryable, ctx: SeedContext, client: DemoClient, podBudget: number) {
  const { groupId, rand, dates } = ctx;
  const clientId = (
    await seedRow(tx, clientResource, { groupId, title: client.title, description: client.description })
  ).id;
  const t = client.theme;
  await seedRow(tx, configuration, {
    groupId,
    clientId,
    backgroundColor: t.background,
    foregroundColor: t.foreground,
    primaryActionColor: t.primaryAction,
    secondaryActionColor: t.secondaryAction,
    successColor: t.success,
    warningColor: t.warning,
    dropdownColor: t.dropdown,
    primaryTextColor: t.primaryText,
    secondaryTextColor: t.secondaryText,
    timeFrame: 30,
    alertLimit: 10,
    currency: client.currency,
    electricityTariff: client.electricityTariff,
    waterTariff: client.waterTariff,
    notificationMargin: 10,
    notificationCooldown: 60,
    standingCharge: client.standingCharge,
    gridFactor: client.gridFactor,
  });
  const pods: MadePod[] = [];
  for (const [l, loc] of client.locations.entries()) {
    if (ctx.locations && !ctx.locations.includes(loc.code)) continue;
    const { id: locationId } = await seedRow(tx, location, {
      groupId,
      clientId,
      title: loc.title,
      description: `${client.title} in ${loc.city}`,
      country: loc.country,
      city: loc.city,
      address: loc.address,
      contactName: loc.contactName,
      contactNumber: loc.contactNumber,
      boxCount: loc.areas.reduce((n, a) => n + a.pods, 0) + 1,
      latitude: loc.latitude,
      longitude: loc.longitude,
    });
    const weatherPhase = l * 1.9 + (CLIMATES[loc.city].utcOffset % 3);
    const voltage = 230;
    const makePod = async (
      areaId: number,
      fields: { identifier: string; title: string; description: string; outdoor: boolean },
      profile: PodProfile,
    ) => {
      const made = await seedRow(tx, pod, { groupId, clientId, locationId, areaId, voltage, ...fields });
      const key = made.secrets.ingestKey;
      if (!key) throw new Error(`pod ${fields.identifier} was made without an ingest key`);
      const sensorIds = new Map(podSensorTypes(profile).map((type) => [type, ctx.sensorIds.get(type) as number]));
      return { id: made.id, profile, sensorIds, demo: { identifier: fields.identifier, key, ...profile } };
    };
    let number = 101;
    for (const a of loc.areas) {
      const { id: areaId } = await seedRow(tx, area, {
        groupId,
        clientId,
        locationId,
        title: a.title,
        description: `${a.title} at ${loc.title}`,
      });
      for (let p = 0; p < a.pods && pods.length < podBudget; p++, number++) {
        const identifier = `${client.prefix}-${loc.code}-${number}`;
        const profile: PodProfile = {
          kind: client.kind,
          city: loc.city,
          voltage,
          scale: 0.7 + rand() * 0.6,
          weatherPhase,
          ...(loc.ledRetrofit ? { measure: { from: dates.measureFrom, factor: LED_FACTOR } } : {}),
        };
        const installed = a.installedDaysAgo ? new Date(ctx.today.getTime() - a.installedDaysAgo * DAY_MS) : undefined;
        const made = await makePod(
          areaId,
          {
            identifier,
            title: `${loc.city} ${a.title} #${number}`,
            description: `Demo pod in ${a.title}, ${loc.title}`,
            outdoor: false,
          },
          profile,
        );
        pods.push({
          ...made,
          ...(installed ? { from: installed } : {}),
          // Savings against the measured baseline, except the one tariff-only pod's electricity.
          tariff: {
            electricity: a.tariffOnly ? null : { from: dates.baselineFrom, to: dates.baselineTo },
            water: { from: dates.baselineFrom, to: dates.baselineTo },
          },
        });
      }
    }
    // The location's weather, for the savings' degree days (docs/domain.md#consumption).
    const { id: areaId } = await seedRow(tx, area, {
      groupId,
      clientId,
      locationId,
      title: OUTDOOR_AREA,
      description: `The weather at ${loc.title}`,
    });
    if (pods.length < podBudget) {
      const profile: PodProfile = { kind: client.kind, city: loc.city, voltage, scale: 1, weatherPhase, outdoor: true };
      pods.push(
        await makePod(
          areaId,
          {
            identifier: `${client.prefix}-${loc.code}-outdoor`,
            title: outdoorPodTitle(loc.city),
            description: `Outdoor temperature at ${loc.title}`,
            outdoor: true,
          },
          profile,
        ),
      );
    }
  }
  return pods;
}
