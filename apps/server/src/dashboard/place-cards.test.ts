import { getResource, type Scope, type TimeWindow } from '@greenpod/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReadings } from '../telemetry/measurement-writer';
import { buildEstate, type Estate, replaceReadings, type TestReading } from '../test/estate-fixture';
import { create } from '../test/factory';
import { lastReadingMismatches, placeRollupMismatches } from '../test/rollup-mismatches';
import { createTestApp, type TestApp } from '../test/test-app';
import { type Card, listCards } from './cards';
import { INDOOR_OR_ALL_OUTDOOR_AREA } from './dashboard-scope';
import { sumsByPod } from './readings-query';
import { resolveWindow } from './window';

// Cards of whole places read place rows and each pod's latest-reading bounds (ADR 0029): here their
// figures are compared with the pods' raw readings through ingest, moves, hand edits and deletes.
let t: TestApp;
let estate: Estate;
type Pod = Estate['pods'][number] & { outdoor: boolean };
let pods: Pod[];
beforeAll(async () => {
  t = await createTestApp();
  estate = await buildEstate(t, 3);
  pods = estate.pods.map((p) => ({ ...p, outdoor: false }));
  // An outdoor pod among indoor ones, and a site's "Outdoor" area of outdoor pods only.
  const [first] = estate.areas as [Estate['areas'][number]];
  const locationCtx = { ...estate.ctx, location: first.locationId };
  const outdoorArea = await create(t, getResource('area'), locationCtx);
  for (const [areaId, voltage] of [
    [first.id, 120],
    [outdoorArea, 230],
    [outdoorArea, 120],
  ] as const) {
    const id = await create(t, getResource('pod'), { ...locationCtx, area: areaId }, { voltage, outdoor: true });
    pods.push({ id, areaId, locationId: first.locationId, voltage, outdoor: true });
  }
  estate.areas.push({ id: outdoorArea, locationId: first.locationId });
  for (const pod of pods)
    await t.db.query('INSERT INTO pod_sensor (pod_id, sensor_id) SELECT $1, id FROM sensor ON CONFLICT DO NOTHING', [
      pod.id,
    ]);
});
afterAll(() => t?.close());

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const NOW = new Date(Date.UTC(2026, 5, 10, 12, 7, 30));
const TYPES = ['TEMPERATURE', 'ELECTRICITY', 'HUMIDITY'] as const;
const ADMIN: Scope = { all: true };

const readingsArb = () =>
  fc.array(
    fc.record({
      podId: fc.constantFrom(...pods.map((p) => p.id)),
      sensorType: fc.constantFrom(...TYPES),
      // Integer values keep float sums exact, so place and raw averages must match to the bit.
      value: fc.integer({ min: -500, max: 5000 }),
      // Up to 5 minutes after now, as ingest allows: a pod's latest reading then lies after a window ending now.
      // Half in the Live window's last 40 minutes, where its minute and 5-minute rows and raw ends meet.
      created: fc
        .oneof(
          fc.integer({ min: NOW.getTime() - 20 * DAY, max: NOW.getTime() + 4 * MINUTE }),
          fc.integer({ min: NOW.getTime() - 40 * MINUTE, max: NOW.getTime() + 4 * MINUTE }),
        )
        .map((ms) => new Date(ms)),
    }),
    { minLength: 40, maxLength: 120 },
  );

/** The dashboard's tabs at NOW, in UTC and London, and a window in the past. */
const windows = (): TimeWindow[] => [
  ...(['live', 'day', 'month', 'year'] as const).map((mode) =>
    resolveWindow({ mode, minutes: 30, tz: 'UTC', now: NOW }),
  ),
  resolveWindow({ mode: 'day', tz: 'Europe/London', now: NOW }),
  { from: new Date(NOW.getTime() - 9 * DAY - 7 * MINUTE - 1234), to: new Date(NOW.getTime() - 2 * DAY + 13 * MINUTE) },
];

const cards = async (scope: Scope, filter: { locationId?: number }, window: TimeWindow) =>
  (await listCards(t.db, scope, { filter, window, skip: 0, limit: 50, direction: 'ASC', now: NOW })).results;

/** The plain-SQL truth per card: AVG over raw readings of its pods as the dashboard counts them, their mean voltage. */
async function oracle(level: 'location' | 'area', window: TimeWindow, podIds?: number[]) {
  const rows = await t.db.query<{ card: number; sensor_type: string; avg: number; voltage: number }>(
    `WITH r AS (SELECT t.${level}_id AS card, t.id AS pod, t.voltage, m.sensor_type, m.value
                FROM measurement m JOIN pod t ON t.id = m.pod_id
                WHERE m.created >= $1 AND m.created < $2 AND ${level === 'location' ? 'NOT t.outdoor' : INDOOR_OR_ALL_OUTDOOR_AREA}
                  AND ($3::int[] IS NULL OR t.id = ANY($3::int[])))
     SELECT a.card, a.sensor_type, a.avg, v.voltage
     FROM (SELECT card, sensor_type, avg(value) AS avg FROM r GROUP BY 1, 2) a
     JOIN (SELECT card, sensor_type, avg(voltage)::float8 AS voltage FROM (SELECT DISTINCT card, sensor_type, pod, voltage FROM r) d GROUP BY 1, 2) v
       USING (card, sensor_type)`,
    [window.from, window.to, podIds ?? null],
  );
  const out = new Map<number, [string, { avg: number; voltage: number }][]>();
  for (const r of rows)
    out.set(r.card, [...(out.get(r.card) ?? []), [r.sensor_type, { avg: r.avg, voltage: r.voltage }]]);
  return out;
}

const figures = (results: Card[]) =>
  new Map(
    results.map((c) => [
      c.id,
      c.readings.map((r): [string, { avg: number; voltage: number }] => [
        r.sensorType,
        { avg: r.avg, voltage: r.voltage },
      ]),
    ]),
  );

/** Every card of every level and window equals the oracle, for the administrator and for a viewer of one pod. */
async function expectCardsTrue(label: string) {
  const viewed = pods.find((p) => !p.outdoor) as Pod;
  const viewer: Scope = { all: false, ids: { group: [], client: [], location: [], area: [], pod: [viewed.id] } };
  for (const w of windows()) {
    const at = `${label}, [${w.from.toISOString()}, ${w.to.toISOString()})`;
    const sorted = (m: Map<number, [string, unknown][]>) =>
      new Map([...m].map(([k, v]) => [k, v.filter(([, x]) => x).sort(([a], [b]) => a.localeCompare(b))]));
    const root = figures(await cards(ADMIN, {}, w));
    const truth = await oracle('location', w);
    for (const id of estate.locations)
      expect(sorted(root).get(id) ?? [], `${at}, location ${id}`).toEqual(sorted(truth).get(id) ?? []);
    for (const locationId of estate.locations) {
      const inner = figures(await cards(ADMIN, { locationId }, w));
      const areaTruth = sorted(await oracle('area', w));
      for (const [id, readings] of sorted(inner))
        expect(readings, `${at}, area ${id}`).toEqual(areaTruth.get(id) ?? []);
    }
    const mine = figures(await cards(viewer, {}, w));
    expect(sorted(mine).get(viewed.locationId) ?? [], `${at}, viewer`).toEqual(
      sorted(await oracle('location', w, [viewed.id])).get(viewed.locationId) ?? [],
    );
  }
  expect(await placeRollupMismatches(t.db)).toBe(0);
}

const put = async (path: string, body: object) => {
  const res = await t.call('PUT', path, { token: t.adminToken, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('cards of whole places', () => {
  it('equal the raw readings through ingest, moves between locations and areas, and turning outdoor', async () => {
    await fc.assert(
      fc.asyncProperty(readingsArb(), fc.nat(), async (readings: TestReading[], pick) => {
        await replaceReadings(t, estate, readings);
        expect(await lastReadingMismatches(t.db)).toBe(0);
        await expectCardsTrue('after ingest');

        // An indoor pod with readings moves (its rows with it), to another location, then to a sibling area.
        const movable = pods.filter((p) => !p.outdoor && readings.some((r) => r.podId === p.id));
        const pod = movable[pick % movable.length] as Pod;
        const elsewhere = estate.areas.find((a) => a.locationId !== pod.locationId) as Estate['areas'][number];
        const sibling = estate.areas.find(
          (a) => a.locationId === pod.locationId && a.id !== pod.areaId,
        ) as Estate['areas'][number];
        for (const area of [elsewhere, sibling]) {
          await put(`/api/pod/${pod.id}`, { locationId: area.locationId, areaId: area.id });
          Object.assign(pod, { locationId: area.locationId, areaId: area.id });
          await expectCardsTrue(`after moving pod ${pod.id} to area ${area.id}`);
        }
        await put(`/api/pod/${pod.id}`, { outdoor: true });
        pod.outdoor = true;
        await expectCardsTrue(`after pod ${pod.id} turned outdoor`);
        await put(`/api/pod/${pod.id}`, { outdoor: false });
        pod.outdoor = false;
      }),
      { numRuns: 3 },
    );
  }, 120_000);

  it('equal the raw readings after readings are added, edited and deleted by hand', async () => {
    const pod = pods[1] as Pod;
    await replaceReadings(t, estate, [
      { podId: pod.id, sensorType: 'ELECTRICITY', value: 10, created: new Date(NOW.getTime() - 3 * DAY) },
      { podId: pod.id, sensorType: 'ELECTRICITY', value: 20, created: new Date(NOW.getTime() - 40 * MINUTE) },
      {
        podId: (pods[0] as Pod).id,
        sensorType: 'ELECTRICITY',
        value: 30,
        created: new Date(NOW.getTime() - 20 * MINUTE),
      },
    ]);
    const latest = async () =>
      (
        await t.db.query<{ id: number }>('SELECT id FROM measurement WHERE pod_id = $1 ORDER BY created DESC LIMIT 1', [
          pod.id,
        ])
      )[0]?.id as number;
    // The pod's latest reading goes: its bounds fall back to the reading before it, 3 days old.
    expect((await t.call('DELETE', `/api/measurement/${await latest()}`, { token: t.adminToken })).status).toBe(200);
    expect(await lastReadingMismatches(t.db)).toBe(0);
    await expectCardsTrue('after the latest reading was deleted');
    const body = {
      groupId: estate.ctx.group,
      clientId: estate.ctx.client,
      podId: pod.id,
      sensorId: estate.sensorIds.HUMIDITY,
      value: 55,
    };
    const created = await t.call('POST', '/api/measurement', { token: t.adminToken, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as { id: number }).id;
    // Stamped at the server's clock, after every window here: the pod's bounds leave those windows open.
    await put(`/api/measurement/${id}`, { ...body, sensorId: estate.sensorIds.TEMPERATURE, value: 21 });
    expect(await lastReadingMismatches(t.db)).toBe(0);
    await expectCardsTrue('after a hand edit');
  });
});

/** The location cards as the pods' own rollups give them (sumsByPod): the reference once raw readings are gone. */
async function podByPodTruth(window: TimeWindow) {
  const indoor = pods.filter((p) => !p.outdoor);
  const sums = await sumsByPod(
    t.db,
    indoor.map((p) => p.id),
    window,
    NOW,
  );
  const out = new Map<number, [string, { avg: number; voltage: number }][]>();
  for (const locationId of estate.locations) {
    const mine = sums.filter((s) => s.n > 0 && indoor.find((p) => p.id === s.podId)?.locationId === locationId);
    const readings = [...new Set(mine.map((s) => s.sensorType))]
      .sort()
      .map((type): [string, { avg: number; voltage: number }] => {
        const rows = mine.filter((s) => s.sensorType === type);
        const voltages = rows.map((s) => (indoor.find((p) => p.id === s.podId) as Pod).voltage);
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        return [
          type,
          { avg: sum(rows.map((s) => s.s)) / sum(rows.map((s) => s.n)), voltage: sum(voltages) / voltages.length },
        ];
      });
    out.set(locationId, readings);
  }
  return out;
}

describe('cards of whole places, when raw readings or their rows are not what they were', () => {
  it('after retention, a hand delete leaves an hour as the bounds, and cards still agree with the pods', async () => {
    const pod = pods.find((p) => !p.outdoor) as Pod;
    const hour = Math.floor((NOW.getTime() - 2 * DAY) / 3_600_000) * 3_600_000;
    await replaceReadings(t, estate, [
      { podId: pod.id, sensorType: 'TEMPERATURE', value: 7, created: new Date(NOW.getTime() - 3 * DAY) },
      { podId: pod.id, sensorType: 'TEMPERATURE', value: 9, created: new Date(hour + 10 * MINUTE) },
      { podId: pod.id, sensorType: 'TEMPERATURE', value: 11, created: new Date(NOW.getTime() - 60 * MINUTE) },
      {
        podId: (pods[1] as Pod).id,
        sensorType: 'TEMPERATURE',
        value: 20,
        created: new Date(NOW.getTime() - 30 * MINUTE),
      },
    ]);
    // Retention as maintenance runs it: raw readings and 5-minute location rows before the cutoff go.
    const cutoff = new Date(NOW.getTime() - DAY);
    await t.db.query('DELETE FROM measurement WHERE created < $1', [cutoff]);
    await t.db.query('DELETE FROM measurement_location_5min WHERE bucket < $1', [cutoff]);
    const [latest] = await t.db.query<{ id: number }>('SELECT id FROM measurement WHERE pod_id = $1', [pod.id]);
    expect((await t.call('DELETE', `/api/measurement/${latest?.id}`, { token: t.adminToken })).status).toBe(200);
    const [bounds] = await t.db.query<{ lo: Date; hi: Date }>(
      'SELECT lo_temperature AS lo, hi_temperature AS hi FROM pod_last_reading WHERE pod_id = $1',
      [pod.id],
    );
    expect(bounds).toEqual({ lo: new Date(hour), hi: new Date(hour + 3_600_000 - 1) });
    for (const from of [hour, hour + 3_600_000, hour + 30 * MINUTE, hour - DAY + 17 * MINUTE]) {
      const w = { from: new Date(from), to: NOW };
      const root = figures(await cards(ADMIN, {}, w));
      const truth = await podByPodTruth(w);
      for (const id of estate.locations)
        expect(root.get(id) ?? [], `from ${w.from.toISOString()}`).toEqual(truth.get(id));
    }
  });

  it('a pod placed without its rows (an UPDATE outside the app) marks its places stale until a move rebuilds them', async () => {
    await replaceReadings(
      t,
      estate,
      pods.map((p, i) => ({
        podId: p.id,
        sensorType: 'HUMIDITY',
        value: 10 + i,
        created: new Date(NOW.getTime() - DAY),
      })),
    );
    const pod = pods.find((p) => !p.outdoor) as Pod;
    const target = estate.areas.find(
      (a) => a.locationId !== pod.locationId && a.id !== pod.areaId,
    ) as Estate['areas'][number];
    const home = { locationId: pod.locationId, areaId: pod.areaId };
    await t.db.query('UPDATE pod SET location_id = $2, area_id = $3 WHERE id = $1', [
      pod.id,
      target.locationId,
      target.id,
    ]);
    Object.assign(pod, { locationId: target.locationId, areaId: target.id });
    const stale = await t.db.query<{ key: string; place_id: number }>(
      'SELECT key, place_id FROM place_rollup_stale ORDER BY 1, 2',
    );
    expect(stale).toEqual(
      [
        { key: 'area_id', place_id: home.areaId },
        { key: 'area_id', place_id: target.id },
        { key: 'location_id', place_id: home.locationId },
        { key: 'location_id', place_id: target.locationId },
      ].sort((a, b) => a.key.localeCompare(b.key) || a.place_id - b.place_id),
    );
    await expectCardsTrue('with stale places');
    // Any move through the app rebuilds them.
    const other = pods.find((p) => !p.outdoor && p.id !== pod.id) as Pod;
    await put(`/api/pod/${other.id}`, { outdoor: true });
    other.outdoor = true;
    expect(await t.db.query('SELECT 1 FROM place_rollup_stale')).toEqual([]);
    await expectCardsTrue('after the stale places were rebuilt');
    await put(`/api/pod/${other.id}`, { outdoor: false });
    other.outdoor = false;
  }, 60_000);

  it('a pod deleted with its history leaves its places the sums of the others', async () => {
    await replaceReadings(
      t,
      estate,
      pods.map((p, i) => ({
        podId: p.id,
        sensorType: 'ELECTRICITY',
        value: i,
        created: new Date(NOW.getTime() - 2 * DAY),
      })),
    );
    const pod = pods.find((p) => !p.outdoor) as Pod;
    expect((await t.call('DELETE', `/api/pod/${pod.id}`, { token: t.adminToken })).status).toBe(200);
    pods = pods.filter((p) => p !== pod);
    estate.pods = estate.pods.filter((p) => p.id !== pod.id);
    expect(await t.db.query('SELECT 1 FROM pod_last_reading WHERE pod_id = $1', [pod.id])).toEqual([]);
    expect(await lastReadingMismatches(t.db)).toBe(0);
    await expectCardsTrue('after a pod was deleted');
  }, 60_000);

  it('lose nothing when a pod moves between areas while batches for it are being stored', async () => {
    const pod = pods.find((p) => !p.outdoor) as Pod;
    await replaceReadings(t, estate, []);
    const areas = estate.areas.filter((a) => a.locationId === pod.locationId).slice(0, 2);
    const batches = Array.from({ length: 30 }, (_, b) =>
      Array.from({ length: 20 }, (_, i) => ({
        podId: pod.id,
        sensorId: estate.sensorIds.ELECTRICITY as number,
        sensorType: 'ELECTRICITY',
        value: i,
        created: new Date(NOW.getTime() - DAY + (b * 20 + i) * MINUTE),
      })),
    );
    // On PostgreSQL these overlap (a pool of connections); PGlite runs them one after another.
    await Promise.all([
      ...batches.map((rows) => t.db.transaction((tx) => insertReadings(tx, rows))),
      (async () => {
        for (let i = 0; i < 4; i++) {
          const area = areas[i % 2] as Estate['areas'][number];
          await put(`/api/pod/${pod.id}`, { areaId: area.id });
          pod.areaId = area.id;
        }
      })(),
    ]);
    expect(await placeRollupMismatches(t.db)).toBe(0);
    expect(await lastReadingMismatches(t.db)).toBe(0);
  }, 60_000);
});
