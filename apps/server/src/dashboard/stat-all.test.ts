import { formatWireTime } from '@greenpod/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEstate, type Estate, locationViewer, replaceReadings, type TestReading } from '../test/estate-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { type Card, listCards } from './cards';

let t: TestApp;
let estate: Estate;
beforeAll(async () => {
  t = await createTestApp();
  estate = await buildEstate(t);
});
afterAll(() => t?.close());

const DAY = 86_400_000;
// Readings lie in the 40 days before a fixed past instant, minute-aligned or not.
const END = Date.UTC(2026, 9, 1, 6, 0, 0);
const SPAN = 40 * DAY;
const TYPES = ['TEMPERATURE', 'ELECTRICITY', 'HUMIDITY'] as const;
const dtp = (p: object) => `dataTableParams=${encodeURIComponent(JSON.stringify(p))}`;

const readingArb = (pods: number[]) =>
  fc.record({
    podId: fc.constantFrom(...pods),
    sensorType: fc.constantFrom(...TYPES),
    // Integer values keep float sums exact, so rollup and raw averages must match to the bit.
    value: fc.integer({ min: -500, max: 5000 }),
    created: fc.integer({ min: END - SPAN, max: END - 1 }).map((ms) => new Date(ms - (ms % 1000))),
  });

/** [from, to): any ms, or aligned to hours or days, a few minutes to the whole span long. */
const windowArb = fc
  .tuple(
    fc.integer({ min: END - SPAN - DAY, max: END }),
    fc.integer({ min: 60_000, max: SPAN }),
    fc.constantFrom(1000, 3_600_000, DAY),
  )
  .map(([start, length, unit]) => {
    const from = Math.floor(start / unit) * unit;
    return { from: new Date(from), to: new Date(from + Math.max(unit, Math.floor(length / unit) * unit)) };
  });

/** The plain-SQL truth: AVG over raw readings, and the mean voltage of the pods that had readings. */
async function oracle(card: 'location_id' | 'area_id', from: Date, to: Date, where = 'TRUE', extra: unknown[] = []) {
  const rows = await t.db.query<{ card: number; sensor_type: string; avg: number; voltage: number }>(
    `WITH r AS (SELECT p.${card} AS card, p.id AS pod, p.voltage, m.sensor_type, m.value
                FROM measurement m JOIN pod p ON p.id = m.pod_id
                WHERE m.created >= $1 AND m.created < $2 AND ${where})
     SELECT a.card, a.sensor_type, a.avg, v.voltage
     FROM (SELECT card, sensor_type, avg(value) AS avg FROM r GROUP BY 1, 2) a
     JOIN (SELECT card, sensor_type, avg(voltage)::float8 AS voltage FROM (SELECT DISTINCT card, sensor_type, pod, voltage FROM r) d GROUP BY 1, 2) v
       USING (card, sensor_type)`,
    [from, to, ...(extra as number[])],
  );
  const out = new Map<number, Map<string, { avg: number; voltage: number }>>();
  for (const r of rows)
    out.set(r.card, (out.get(r.card) ?? new Map()).set(r.sensor_type, { avg: r.avg, voltage: r.voltage }));
  return out;
}

function expectCardsMatch(cards: Card[], truth: Map<number, Map<string, { avg: number; voltage: number }>>) {
  for (const card of cards) {
    const expected = [...(truth.get(card.id) ?? new Map()).entries()].sort(([a], [b]) => a.localeCompare(b));
    expect(
      card.readings.map((r) => [r.sensorType, { avg: r.avg, voltage: r.voltage }]),
      `card ${card.id}`,
    ).toEqual(expected);
  }
}

describe('stat-all against a plain-SQL oracle', () => {
  it('root cards equal AVG over raw readings for random data and windows (rollups for long ones)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(readingArb(estate.pods.map((p) => p.id)), { minLength: 1, maxLength: 150 }),
        fc.array(windowArb, { minLength: 3, maxLength: 3 }),
        async (readings: TestReading[], windows) => {
          await replaceReadings(t, estate, readings);
          for (const w of windows) {
            const fetchParams = { fromValue: formatWireTime(w.from), toValue: formatWireTime(w.to) };
            const res = await t.call('GET', `/api/stat-all?${dtp({ fetchParams, paging: 10 })}`, {
              token: t.adminToken,
            });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            const cards = (res.body.data as { results: Card[] }).results;
            expect(cards.map((c) => c.id).sort()).toEqual([...estate.locations].sort());
            expectCardsMatch(cards, await oracle('location_id', w.from, w.to));

            const locationID = estate.locations[0] as number;
            const inner = await t.call('GET', `/api/stat-all?${dtp({ fetchParams: { ...fetchParams, locationID } })}`, {
              token: t.adminToken,
            });
            expect(inner.status).toBe(200);
            expectCardsMatch(
              (inner.body.data as { results: Card[] }).results,
              await oracle('area_id', w.from, w.to, 'p.location_id = $3', [locationID]),
            );
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a Date Range in a DST zone counts the 25-hour day whole', async () => {
    const pod = estate.pods[0] as Estate['pods'][number];
    // 2026-10-25 in London runs 2026-10-24T23:00Z .. 2026-10-26T00:00Z (25 hours).
    const readings = [
      '2026-10-24T22:59:59Z',
      '2026-10-24T23:00:00Z',
      '2026-10-25T12:00:00Z',
      '2026-10-25T23:59:59Z',
      '2026-10-26T00:00:00Z',
    ].map((iso, i) => ({ podId: pod.id, sensorType: 'TEMPERATURE', value: (i + 1) * 10, created: new Date(iso) }));
    await replaceReadings(t, estate, readings);
    const res = await t.call(
      'GET',
      `/api/stat-all?${dtp({ fetchParams: { fromValue: '2026-10-25', toValue: '2026-10-25', podID: pod.id, areaID: pod.areaId } })}&tz=Europe/London`,
      { token: t.adminToken },
    );
    expect(res.status).toBe(200);
    const [card] = (res.body.data as { results: Card[] }).results;
    expect(card).toMatchObject({
      id: pod.id,
      podCount: 1,
      // No score computed for this pod yet.
      score: null,
      scoreReason: null,
      readings: [{ sensorType: 'TEMPERATURE', avg: 30, voltage: pod.voltage }],
    });
    expect(card?.podTitle).toEqual(expect.any(String));
    expect(card?.areaTitle).toEqual(expect.any(String));
  });
});

describe('stat-all paging, encodings and errors', () => {
  it('pages 5 cards by default and takes the bracket form too', async () => {
    const json = await t.call('GET', `/api/stat-all?${dtp({ fetchParams: { mode: 'year' } })}`, {
      token: t.adminToken,
    });
    expect(json.status).toBe(200);
    expect(json.body.paging).toEqual({ skip: 0, limit: 5, total: estate.locations.length });
    const locationID = estate.locations[1] as number;
    const bracket = await t.call(
      'GET',
      `/api/stat-all?dataTableParams[paging]=1&dataTableParams[offset]=2&dataTableParams[fetchParams][locationID]=${locationID}&dataTableParams[fetchParams][fromValue]=2026-01-01&dataTableParams[fetchParams][toValue]=2026-02-01`,
      { token: t.adminToken },
    );
    expect(bracket.status).toBe(200);
    expect(bracket.body.paging).toEqual({ skip: 1, limit: 1, total: 2 });
    const [card] = (bracket.body.data as { results: Card[] }).results;
    expect(card).toMatchObject({ areaCount: 1, podCount: 2, score: null, scoreReason: null, readings: [] });
    const past = await t.call('GET', `/api/stat-all?${dtp({ fetchParams: { mode: 'year' }, paging: 5, offset: 3 })}`, {
      token: t.adminToken,
    });
    expect(past.body.data).toEqual({ results: [] });
    expect(past.body.paging).toEqual({ skip: 10, limit: 5, total: estate.locations.length });
    expect(estate.areas.find((a) => a.id === card?.id)?.locationId).toBe(locationID);
  });

  it.each([
    ['an unknown time zone', `${dtp({})}&tz=Mars/Olympus`, 'tz'],
    ['a range ending after today', dtp({ fetchParams: { fromValue: '2026-01-01', toValue: '2999-01-01' } }), 'toValue'],
    [
      'an end before the start',
      dtp({ fetchParams: { fromValue: '2026-02-01 00:00:00', toValue: '2026-01-01 00:00:00' } }),
      'toValue',
    ],
    ['only a start', dtp({ fetchParams: { fromValue: '2026-02-01 00:00:00' } }), 'toValue'],
    ['a garbled time', dtp({ fetchParams: { fromValue: 'yesterday', toValue: 'today' } }), 'fromValue'],
    ['a non-numeric id', dtp({ fetchParams: { locationID: 'abc' } }), 'locationId'],
    ['an unknown fetchParam', dtp({ fetchParams: { colour: 'red' } }), 'fetchParams'],
    ['a sort on another column', dtp({ colKey: 'secret' }), 'colKey'],
    ['a live window too long', 'minutes=90', 'minutes'],
  ])('answers 400 to %s', async (_name, query, field) => {
    const res = await t.call('GET', `/api/stat-all?${query}`, { token: t.adminToken });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.validationErrors?.[field], JSON.stringify(res.body)).toBeDefined();
  });

  it('answers 401 without a token and 404 for a missing location', async () => {
    expect((await t.call('GET', '/api/stat-all')).status).toBe(401);
    expect(
      (await t.call('GET', `/api/stat-all?${dtp({ fetchParams: { locationID: 999_999 } })}`, { token: t.adminToken }))
        .status,
    ).toBe(404);
  });

  it('live performance answers the same cards over the last minutes', async () => {
    const pod = estate.pods[0] as Estate['pods'][number];
    await replaceReadings(t, estate, [
      { podId: pod.id, sensorType: 'HUMIDITY', value: 40, created: new Date(Date.now() - 5 * 60_000) },
      { podId: pod.id, sensorType: 'HUMIDITY', value: 60, created: new Date(Date.now() - 15 * 60_000) },
    ]);
    const ten = await t.call('GET', `/api/stat-all/liveperformance?minutes=10&locationId=${pod.locationId}`, {
      token: t.adminToken,
    });
    expect(ten.status).toBe(200);
    const area = (ten.body.data as { results: Card[] }).results.find((c) => c.id === pod.areaId);
    expect(area?.readings).toEqual([{ sensorType: 'HUMIDITY', avg: 40, voltage: pod.voltage }]);
    const thirty = await t.call('GET', `/api/stat-all/liveperformance?locationId=${pod.locationId}`, {
      token: t.adminToken,
    });
    expect((thirty.body.data as { results: Card[] }).results.find((c) => c.id === pod.areaId)?.readings[0]?.avg).toBe(
      50,
    );
  });
});

describe('the dashboard fields straight in dataTableParams', () => {
  it('answer as they do inside fetchParams, for stat-all and live performance', async () => {
    const pod = estate.pods[0] as Estate['pods'][number];
    await replaceReadings(t, estate, [
      { podId: pod.id, sensorType: 'HUMIDITY', value: 40, created: new Date(Date.now() - 5 * 60_000) },
      { podId: pod.id, sensorType: 'TEMPERATURE', value: 21, created: new Date(END - 60_000) },
    ]);
    const get = async (path: string, params: object) => {
      const res = await t.call('GET', `${path}?${dtp(params)}`, { token: t.adminToken });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const stat = { fromValue: '2026-09-30', toValue: '2026-10-01', locationID: pod.locationId, areaID: pod.areaId };
    const flat = await get('/api/stat-all', { ...stat, paging: 5 });
    expect(flat).toEqual(await get('/api/stat-all', { fetchParams: stat, paging: 5 }));
    expect((flat.data as { results: Card[] }).results.find((c) => c.id === pod.id)?.readings).toEqual([
      { sensorType: 'TEMPERATURE', avg: 21, voltage: pod.voltage },
    ]);

    const live = { minutes: 10, locationId: pod.locationId, areaId: pod.areaId, podId: pod.id };
    const flatLive = await get('/api/stat-all/liveperformance', live);
    expect(flatLive).toEqual(await get('/api/stat-all/liveperformance', { fetchParams: live }));
    expect((flatLive.data as { results: Card[] }).results.map((c) => c.readings)).toEqual([
      [{ sensorType: 'HUMIDITY', avg: 40, voltage: pod.voltage }],
    ]);

    const bracket = await t.call(
      'GET',
      `/api/stat-all/liveperformance?dataTableParams[minutes]=10&dataTableParams[podId]=${pod.id}&dataTableParams[areaId]=${pod.areaId}&dataTableParams[locationId]=${pod.locationId}`,
      { token: t.adminToken },
    );
    expect(bracket.body).toEqual(flatLive);
  });

  it.each([
    ['two values for one field', { podId: 1, fetchParams: { podId: 2 } }, 'podId'],
    ['a bad value', { areaID: 'abc' }, 'areaId'],
    ['a field the dashboard does not know', { colour: 'red' }, 'colour'],
  ])('answer 400 to %s, naming the field', async (_name, params, field) => {
    const res = await t.call('GET', `/api/stat-all?${dtp(params)}`, { token: t.adminToken });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(JSON.stringify(res.body.validationErrors)).toContain(field);
  });
});

describe('an empty window', () => {
  it('(Day asked at exactly midnight) gives the cards with no readings, not an error', async () => {
    await replaceReadings(t, estate, [
      { podId: estate.pods[0]?.id as number, sensorType: 'TEMPERATURE', value: 20, created: new Date(END - 60_000) },
    ]);
    const at = new Date(END);
    const page = await listCards(t.db, { all: true } as never, {
      filter: {},
      window: { from: at, to: at },
      skip: 0,
      limit: 10,
      direction: 'ASC',
      now: at,
    });
    expect(page.total).toBe(estate.locations.length);
    expect(page.results.map((c) => c.readings)).toEqual(estate.locations.map(() => []));
  });
});

describe('outdoor pods', () => {
  it("stay out of their location's and area's averages, except in an area of outdoor pods only", async () => {
    const [a, b] = estate.pods.filter((p) => p.areaId === estate.areas[0]?.id) as [
      Estate['pods'][number],
      Estate['pods'][number],
    ];
    const at = new Date(END - 60_000);
    await replaceReadings(t, estate, [
      { podId: a.id, sensorType: 'TEMPERATURE', value: 21, created: at },
      { podId: b.id, sensorType: 'TEMPERATURE', value: 3, created: at },
    ]);
    const cards = (filter: object) =>
      listCards(t.db, { all: true } as never, {
        filter,
        window: { from: new Date(END - DAY), to: new Date(END) },
        skip: 0,
        limit: 10,
        direction: 'ASC',
        now: new Date(END),
      });
    const temperature = (page: { results: Card[] }, id: number) =>
      page.results.find((c) => c.id === id)?.readings.find((r) => r.sensorType === 'TEMPERATURE')?.avg;
    const setOutdoor = (id: number, outdoor: boolean) =>
      t.db.query('UPDATE pod SET outdoor = $2 WHERE id = $1', [id, outdoor]);
    try {
      await setOutdoor(b.id, true);
      expect(temperature(await cards({}), a.locationId)).toBe(21);
      expect(temperature(await cards({ locationId: a.locationId }), a.areaId)).toBe(21);
      // Its own card is the weather.
      expect(temperature(await cards({ podId: b.id }), b.id)).toBe(3);
      // An area holding only outdoor pods (a site's "Outdoor" area) averages them; its location still does not.
      await setOutdoor(a.id, true);
      expect(temperature(await cards({ locationId: a.locationId }), a.areaId)).toBe(12);
      expect(temperature(await cards({}), a.locationId)).toBeUndefined();
    } finally {
      await setOutdoor(a.id, false);
      await setOutdoor(b.id, false);
    }
  });
});

describe("a client's dashboard (its shortcode link) shows that client's places only", () => {
  let other: Estate;
  let viewer: { token: string };
  beforeAll(async () => {
    other = await buildEstate(t, 1);
    viewer = await locationViewer(t, estate, estate.locations[1] as number);
  });
  const ids = (body: { data?: unknown }) =>
    (body.data as { results: Card[] }).results.map((c) => c.id).sort((a, b) => a - b);

  it('narrows the cards, the drill-down and the chart to the client', async () => {
    const client = estate.ctx.client as number;
    const root = await t.call('GET', `/api/stat-all?clientId=${client}&${dtp({ paging: 20 })}`, {
      token: t.adminToken,
    });
    expect(root.status).toBe(200);
    expect(ids(root.body)).toEqual([...estate.locations].sort((a, b) => a - b));
    const spelt = await t.call(
      'GET',
      `/api/stat-all?${dtp({ paging: 20, fetchParams: { clientID: other.ctx.client } })}`,
      {
        token: t.adminToken,
      },
    );
    expect(ids(spelt.body)).toEqual(other.locations);
    const graph = await t.call('GET', `/api/graph?clientId=${client}&minutes=30`, { token: t.adminToken });
    expect(graph.status).toBe(200);
  });

  it('answers 404 for a place of another client, and for a client the caller cannot see', async () => {
    const theirs = other.locations[0] as number;
    for (const url of [
      `/api/stat-all?clientId=${estate.ctx.client}&locationId=${theirs}`,
      `/api/graph?clientId=${estate.ctx.client}&podId=${other.pods[0]?.id}`,
      '/api/stat-all?clientId=2147483647',
    ]) {
      expect((await t.call('GET', url, { token: t.adminToken })).status, url).toBe(404);
    }
    expect((await t.call('GET', `/api/stat-all?clientId=${other.ctx.client}`, { token: viewer.token })).status).toBe(
      404,
    );
    expect((await t.call('GET', `/api/stat-all?clientId=${estate.ctx.client}`, { token: viewer.token })).status).toBe(
      200,
    );
  });
  it('names the client of a shortcode link to whoever sees one of its places, and to nobody else', async () => {
    const [row] = await t.db.query<{ g: string; c: string; title: string }>(
      'SELECT g.shortcode AS g, c.shortcode AS c, c.title FROM client c JOIN app_group g ON g.id = c.group_id WHERE c.id = $1',
      [estate.ctx.client as number],
    );
    const url = `/api/dashboard-client/${row?.g}/${row?.c}`;
    const admin = await t.call('GET', url, { token: t.adminToken });
    expect(admin.body.data).toEqual({ id: estate.ctx.client, title: row?.title });
    expect((await t.call('GET', url, { token: viewer.token })).status).toBe(200);
    const [theirs] = await t.db.query<{ g: string; c: string }>(
      'SELECT g.shortcode AS g, c.shortcode AS c FROM client c JOIN app_group g ON g.id = c.group_id WHERE c.id = $1',
      [other.ctx.client as number],
    );
    expect(
      (await t.call('GET', `/api/dashboard-client/${theirs?.g}/${theirs?.c}`, { token: viewer.token })).status,
    ).toBe(404);
    expect((await t.call('GET', `/api/dashboard-client/${row?.g}/${theirs?.c}`, { token: t.adminToken })).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/dashboard-client/short/codes', { token: t.adminToken })).status).toBe(400);
    expect((await t.call('GET', url)).status).toBe(401);
  });
});

describe('dashboard scope: a viewer bound to one location', () => {
  let viewer: { token: string };
  let mine: number;
  let theirs: number;
  let recent: Date;
  beforeAll(async () => {
    [mine, theirs] = estate.locations as [number, number];
    viewer = await locationViewer(t, estate, mine);
    recent = new Date(Date.now() - 60_000);
    await replaceReadings(
      t,
      estate,
      estate.pods.map((p, i) => ({
        podId: p.id,
        sensorType: 'TEMPERATURE',
        value: p.locationId === mine ? 20 : 100 + i,
        created: recent,
      })),
    );
  });
  const results = (body: { data?: unknown }) => (body.data as { results: Card[] }).results;
  it('sees only its location card, with its counts and its pods readings', async () => {
    // A window around the readings: the Day tab's would miss them just after midnight UTC (CI once ran it then).
    const around = {
      fromValue: formatWireTime(new Date(recent.getTime() - 600_000)),
      toValue: formatWireTime(new Date()),
    };
    const res = await t.call('GET', `/api/stat-all?${dtp({ fetchParams: around })}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.paging?.total).toBe(1);
    expect(results(res.body)).toEqual([
      expect.objectContaining({
        id: mine,
        areaCount: 2,
        podCount: 4,
        score: null,
        scoreReason: null,
        readings: [{ sensorType: 'TEMPERATURE', avg: 20, voltage: 175 }],
      }),
    ]);
    const live = await t.call('GET', '/api/stat-all/liveperformance?minutes=10', { token: viewer.token });
    expect(results(live.body).map((c) => c.id)).toEqual([mine]);
  });

  it('drills into its areas and pods', async () => {
    const areas = await t.call('GET', `/api/stat-all?${dtp({ fetchParams: { locationID: mine } })}`, {
      token: viewer.token,
    });
    expect(
      results(areas.body)
        .map((c) => c.id)
        .sort(),
    ).toEqual(
      estate.areas
        .filter((a) => a.locationId === mine)
        .map((a) => a.id)
        .sort(),
    );
    const areaId = estate.areas.find((a) => a.locationId === mine)?.id as number;
    const pods = await t.call('GET', `/api/stat-all?${dtp({ fetchParams: { locationID: mine, areaID: areaId } })}`, {
      token: viewer.token,
    });
    expect(results(pods.body)).toHaveLength(2);
    expect(results(pods.body).every((c) => c.podCount === 1 && typeof c.podTitle === 'string')).toBe(true);
  });

  it("answers 404 for another location's, area's or pod's id, everywhere", async () => {
    const area = estate.areas.find((a) => a.locationId === theirs)?.id as number;
    const pod = estate.pods.find((p) => p.locationId === theirs)?.id as number;
    for (const url of [
      `/api/stat-all?${dtp({ fetchParams: { locationID: theirs } })}`,
      `/api/stat-all?${dtp({ fetchParams: { areaID: area } })}`,
      `/api/stat-all?${dtp({ fetchParams: { podID: pod } })}`,
      `/api/stat-all/liveperformance?locationId=${theirs}`,
      `/api/graph?locationId=${theirs}`,
      `/api/graph?podId=${pod}`,
      `/api/podCount?locationId=${theirs}`,
    ]) {
      const res = await t.call('GET', url, { token: viewer.token });
      expect(res.status, url).toBe(404);
      expect(res.body.success).toBe(false);
    }
    // The administrator does see it.
    expect((await t.call('GET', `/api/graph?locationId=${theirs}`, { token: t.adminToken })).status).toBe(200);
  });

  it('charts only its own pods', async () => {
    const res = await t.call('GET', '/api/graph?minutes=30', { token: viewer.token });
    expect(res.status).toBe(200);
    const series = (res.body.data as Record<string, [number, string][]>).TEMPERATURE ?? [];
    expect(series.map(([v]) => v)).toEqual([20]);
  });

  it('counts areas and pods per location and pods per area within the scope', async () => {
    const locations = await t.call('GET', '/api/areaPodCount', { token: viewer.token });
    expect(locations.body.data).toEqual([{ locationId: mine, areaCount: 2, podCount: 4 }]);
    const all = await t.call('GET', '/api/areaPodCount', { token: t.adminToken });
    expect(
      (all.body.data as { locationId: number }[]).filter((l) => estate.locations.includes(l.locationId)),
    ).toHaveLength(2);
    const areas = await t.call('GET', '/api/podCount', { token: viewer.token });
    expect(areas.body.data).toEqual(
      estate.areas.filter((a) => a.locationId === mine).map((a) => ({ areaId: a.id, podCount: 2 })),
    );
    expect((await t.call('GET', '/api/podCount')).status).toBe(401);
  });

  it('publishes the dashboard routes in the OpenAPI document', async () => {
    const doc = await t.call('GET', '/api/docs/json');
    const paths = Object.keys((doc.body as unknown as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/stat-all',
        '/api/stat-all/liveperformance',
        '/api/graph',
        '/api/areaPodCount',
        '/api/podCount',
        '/api/live',
      ]),
    );
  });
});
