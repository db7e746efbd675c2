import { type AlertCard, formatWireTime, getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeState } from '../alerts/episode';
import { evaluateQueued } from '../alerts/rule-worker';
import { buildEstate, type Estate, locationViewer, replaceReadings } from '../test/estate-fixture';
import { create } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { ageRules } from '../test/rule-age';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let estate: Estate;
// Location 0: podA carries the temperature rule, bound by an Alert row to podB; podA also has an
// electricity rule with a tariff. Location 1: a humidity rule on podC.
let podA: number;
let podB: number;
let podC: number;
let warm: number;
let power: number;
let humid: number;
let viewer0: Awaited<ReturnType<typeof locationViewer>>;
let viewer1: Awaited<ReturnType<typeof locationViewer>>;

const MINUTE = 60_000;
const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * MINUTE);
const wire = (d: Date) => formatWireTime(new Date(Math.floor(d.getTime() / 1000) * 1000));

async function rule(podId: number, sensorType: string, body: Record<string, unknown>) {
  return create(
    t,
    getResource('rule'),
    { ...estate.ctx, pod: podId },
    { podId, sensorId: estate.sensorIds[sensorType], severity: 'HIGH', ...body },
  );
}

async function setEpisode(ruleId: number, podId: number, state: EpisodeState | null) {
  await t.db.query('DELETE FROM rule_episode WHERE rule_id = $1 AND pod_id = $2', [ruleId, podId]);
  if (state)
    await t.db.query('INSERT INTO rule_episode (rule_id, pod_id, state) VALUES ($1, $2, $3::jsonb)', [
      ruleId,
      podId,
      JSON.stringify(state),
    ]);
}
const exceededSince = (startedAt: number): EpisodeState => ({
  phase: 'exceeded',
  episode: { startedAt, warned: true, alerted: true, pendingSince: null },
  lastNotifiedEnd: null,
  lastAt: now - MINUTE,
});

async function cards(token: string, query = '') {
  const res = await t.call('GET', `/api/alert-cards${query}`, { token });
  return { status: res.status, cards: res.body.data as AlertCard[], body: res.body };
}
const cardOf = (list: AlertCard[], ruleId: number, podId: number) =>
  list.find((c) => c.ruleId === ruleId && c.podId === podId);
/** Group, client, pod and sensor ids of a row placed on a pod of the estate. */
const placed = (podId: number, sensorType: string) => [
  estate.ctx.group ?? 0,
  estate.ctx.client ?? 0,
  podId,
  estate.sensorIds[sensorType] ?? 0,
];
const acknowledge = (token: string, ruleId: number, podId: number) =>
  t.call('POST', `/api/alert-cards/${ruleId}/${podId}/acknowledge`, { token });

beforeAll(async () => {
  t = await createTestApp();
  estate = await buildEstate(t);
  const [a, b, , , c] = estate.pods;
  if (!a || !b || !c) throw new Error('estate too small');
  [podA, podB, podC] = [a.id, b.id, c.id];
  warm = await rule(podA, 'TEMPERATURE', {
    title: 'Room too warm',
    condition: 'greater',
    thresholdValue: 26,
    action: 'Check the air conditioning',
  });
  await create(t, getResource('alert'), { ...estate.ctx, pod: podB, rule: warm }, { podId: podB, ruleId: warm });
  power = await rule(podA, 'ELECTRICITY', {
    title: 'High load',
    condition: 'greater',
    thresholdValue: 2,
    severity: 'MEDIUM',
    action: 'Switch off the heaters',
  });
  await create(
    t,
    getResource('tariff'),
    { ...estate.ctx, pod: podA },
    { podId: podA, sensorType: 'ELECTRICITY', type: 'DAILY', savingFlat: 5, currency: 'EUR', value: 40 },
  );
  humid = await rule(podC, 'HUMIDITY', {
    title: 'Humid room',
    condition: 'greater',
    thresholdValue: 60,
    action: 'Ventilate',
  });
  await replaceReadings(t, estate, [
    { podId: podA, sensorType: 'TEMPERATURE', value: 30, created: ago(20) },
    // Close: within 10 % below 26.
    { podId: podA, sensorType: 'TEMPERATURE', value: 24, created: ago(5) },
    { podId: podB, sensorType: 'TEMPERATURE', value: 27.5, created: ago(5) },
    { podId: podA, sensorType: 'ELECTRICITY', value: 1, created: ago(5) },
  ]);
  // A saving of an older and of the latest period: the card shows the latest.
  for (const [start, value] of [
    [ago(3 * 1440), 0.5],
    [ago(1440), 1.25],
  ] as const) {
    await t.db.query(
      `INSERT INTO saving (group_id, client_id, pod_id, sensor_id, sensor_type, type, value_flat, value_percentage, stars,
                           time_range, period_start, period_end, unit, currency, method, status)
       VALUES ($1, $2, $3, $4, 'ELECTRICITY', 'DAILY', $5, 3, 0, '00:00-24:00', $6::date, $6::date, 'kWh', 'EUR',
               'tariff', 'tariff')`,
      [...placed(podA, 'ELECTRICITY'), value, start.toISOString().slice(0, 10)],
    );
  }
  viewer0 = await locationViewer(t, estate, a.locationId);
  viewer1 = await locationViewer(t, estate, c.locationId);
});
afterAll(() => t?.close());

describe('GET /api/alert-cards', () => {
  it('answers a card per rule and pod it applies to, exceeded first, with the reading, limit, goal and savings', async () => {
    const { status, cards: list } = await cards(t.adminToken);
    expect(status).toBe(200);
    expect(list.map((c) => [c.title, c.podId, c.status])).toEqual([
      ['Room too warm', podB, 'exceeded'],
      ['Room too warm', podA, 'close'],
      ['High load', podA, 'ok'],
      // No reading of humidity: nothing to judge.
      ['Humid room', podC, null],
    ]);
    const bound = cardOf(list, warm, podB);
    expect(bound).toMatchObject({
      type: 'default',
      sensorType: 'TEMPERATURE',
      condition: 'greater',
      threshold: 26,
      severity: 'HIGH',
      action: 'Check the air conditioning',
      current: { value: 27.5, at: wire(ago(5)) },
      goal: null,
      savings: null,
      lastBreachAt: null,
      episodeStartedAt: null,
      cooldown: { configured: 60, minutes: 60 },
      acknowledgement: null,
    });
    expect(bound?.podTitle).toEqual(expect.any(String));
    expect(bound?.locationTitle).toEqual(expect.any(String));
    expect(cardOf(list, power, podA)).toMatchObject({
      type: 'saving',
      voltage: 230,
      current: { value: 1 },
      goal: { amount: 5, currency: 'EUR', period: 'DAILY' },
      savings: { amount: 1.25, periodStart: ago(1440).toISOString().slice(0, 10) },
    });
  });

  it("shows a viewer the cards of their own location's pods only", async () => {
    const own = await cards(viewer0.token);
    expect(own.cards.map((c) => [c.ruleId, c.podId])).toEqual([
      [warm, podB],
      [warm, podA],
      [power, podA],
    ]);
    const other = await cards(viewer1.token);
    expect(other.cards.map((c) => [c.ruleId, c.podId])).toEqual([[humid, podC]]);
    // A filter outside the scope answers as a missing place does.
    expect((await cards(viewer1.token, `?locationId=${estate.locations[0]}`)).status).toBe(404);
    expect((await cards(t.adminToken, `?podId=${podA}`)).cards.map((c) => c.podId)).toEqual([podA, podA]);
    expect((await cards(t.adminToken, '?podId=abc')).status).toBe(400);
    expect((await t.call('GET', '/api/alert-cards')).status).toBe(401);
  });

  it("takes the status from the engine's episode once it has evaluated a reading, and the last breach from its ALERT", async () => {
    await setEpisode(warm, podA, exceededSince(now - 30 * MINUTE));
    await t.db.query(
      `INSERT INTO notification (group_id, client_id, pod_id, sensor_id, rule_id, value, type, severity, reading_at)
       VALUES ($1, $2, $3, $4, $5, 30, 'ALERT', 'HIGH', $6), ($1, $2, $3, $4, $5, 31, 'ALERT', 'HIGH', $7),
              ($1, $2, $3, $4, $5, 24, 'WARNING', 'LOW', $8)`,
      [...placed(podA, 'TEMPERATURE'), warm, ago(300), ago(20), ago(10)],
    );
    // The latest reading (24) alone would be close; the episode is still exceeded (a clear level, say).
    const card = cardOf((await cards(viewer0.token)).cards, warm, podA);
    expect(card).toMatchObject({
      status: 'exceeded',
      episodeStartedAt: wire(new Date(now - 30 * MINUTE)),
      lastBreachAt: wire(ago(20)),
    });
    // An episode row the engine made without evaluating a reading yet is no state: the reading decides.
    await setEpisode(warm, podA, { phase: 'ok', episode: null, lastNotifiedEnd: null, lastAt: null });
    expect(cardOf((await cards(viewer0.token)).cards, warm, podA)?.status).toBe('close');
  });
});

describe('POST /api/alert-cards/:ruleId/:podId/acknowledge', () => {
  it('records who acknowledged the open episode, shown until the episode ends', async () => {
    const started = now - 30 * MINUTE;
    await setEpisode(warm, podA, exceededSince(started));
    const res = await acknowledge(viewer0.token, warm, podA);
    expect(res.status).toBe(200);
    const [user] = await t.db.query<{ name: string }>(
      "SELECT first_name || ' ' || last_name AS name FROM app_user WHERE id = $1",
      [viewer0.id],
    );
    const acknowledgement = { userId: viewer0.id, name: user?.name, at: expect.any(String) };
    expect((res.body.data as AlertCard).acknowledgement).toEqual(acknowledgement);
    // Every viewer who sees the card sees who acknowledged it.
    expect(cardOf((await cards(t.adminToken)).cards, warm, podA)?.acknowledgement).toEqual(acknowledgement);
    // A second acknowledgement of the same episode leaves the first standing.
    const again = await acknowledge(t.adminToken, warm, podA);
    expect(again.status).toBe(200);
    expect((again.body.data as AlertCard).acknowledgement?.userId).toBe(viewer0.id);

    // Wavering back to close keeps the episode open, and the acknowledgement with it.
    await setEpisode(warm, podA, { ...exceededSince(started), phase: 'close' });
    expect(cardOf((await cards(viewer0.token)).cards, warm, podA)?.acknowledgement).toEqual(acknowledgement);
    // A new episode is not acknowledged.
    await setEpisode(warm, podA, exceededSince(now - 2 * MINUTE));
    expect(cardOf((await cards(viewer0.token)).cards, warm, podA)?.acknowledgement).toBeNull();
    // Back to normal, the episode has ended: nothing to show.
    await setEpisode(warm, podA, { phase: 'ok', episode: null, lastNotifiedEnd: now, lastAt: now });
    expect(cardOf((await cards(viewer0.token)).cards, warm, podA)).toMatchObject({
      status: 'ok',
      acknowledgement: null,
    });
  });

  it('answers 409 for a card that is not exceeded, or has no episode from the engine yet', async () => {
    const ok = await acknowledge(viewer0.token, power, podA);
    expect(ok.status).toBe(409);
    expect(ok.body.error).toBe('Only an exceeded alert can be acknowledged: this one is OK');
    // Exceeded by its latest reading, but the engine has not evaluated it: no episode to acknowledge.
    const unevaluated = await acknowledge(viewer0.token, warm, podB);
    expect(unevaluated.status).toBe(409);
    expect(unevaluated.body.error).toMatch(/until the rules engine has evaluated/);
    expect(await t.db.query('SELECT 1 FROM alert_acknowledgement WHERE rule_id = $1', [power])).toHaveLength(0);
  });

  it('answers 404 outside the scope, for a pod the rule does not apply to, and 400 for ids that are not ids', async () => {
    await setEpisode(warm, podA, exceededSince(now - 5 * MINUTE));
    expect((await acknowledge(viewer1.token, warm, podA)).status).toBe(404);
    expect((await acknowledge(t.adminToken, warm, podC)).status).toBe(404);
    expect((await acknowledge(t.adminToken, 999_999, podA)).status).toBe(404);
    expect((await t.call('POST', `/api/alert-cards/abc/${podA}/acknowledge`, { token: t.adminToken })).status).toBe(
      400,
    );
    expect((await t.call('POST', `/api/alert-cards/${warm}/0/acknowledge`, { token: t.adminToken })).status).toBe(400);
    expect((await acknowledge('', warm, podA)).status).toBe(401);
    expect(
      await t.db.query('SELECT 1 FROM alert_acknowledgement WHERE episode_started_at = $1', [now - 5 * MINUTE]),
    ).toHaveLength(0);
  });

  it('leaves the cards of a deactivated pod out', async () => {
    await t.call('PUT', `/api/pod/${podB}`, { token: t.adminToken, body: { active: false } });
    expect(cardOf((await cards(t.adminToken)).cards, warm, podB)).toBeUndefined();
  });
});

describe('with the rules engine', () => {
  it('acknowledges an episode the engine opened on ingested readings', async () => {
    const pod = await podWithSensors(t, ['TEMPERATURE']);
    const ruleId = await create(t, getResource('rule'), pod.ctx, {
      podId: pod.id,
      sensorId: pod.sensors.TEMPERATURE,
      title: 'Cold store too warm',
      condition: 'greater',
      thresholdValue: 5,
      severity: 'HIGH',
    });
    await ageRules(t);
    const readings = [
      [ago(15), 3],
      [ago(10), 4.8],
      [ago(5), 7],
    ] as const;
    const sent = await t.call('POST', '/api/ingest', {
      body: {
        readings: readings.map(([at, value]) => ({ sensorType: 'TEMPERATURE', value, created: at.toISOString() })),
      },
      headers: { authorization: `Pod ${pod.identifier}:${pod.key}` },
    });
    expect(sent.status).toBe(202);
    // The server's own worker may hold the queue row: wait until the episode has the last reading.
    const deadline = Date.now() + 10_000;
    for (;;) {
      while ((await evaluateQueued(t.db, { alertsUrl: 'http://localhost/alerts' })) > 0);
      const card = cardOf((await cards(t.adminToken, `?podId=${pod.id}`)).cards, ruleId, pod.id);
      // The status reads exceeded from the reading alone before the engine runs: wait for its episode.
      if (card?.episodeStartedAt || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await acknowledge(t.adminToken, ruleId, pod.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'exceeded',
      // The episode began at the first close reading (4.8 is within 10 % of 5); it fired at 7.
      episodeStartedAt: wire(ago(10)),
      lastBreachAt: wire(ago(5)),
      acknowledgement: { name: 'Greenpod Administrator' },
    });
  });
});
