import { getResource, type Resource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEstate, type Estate, locationViewer } from '../test/estate-fixture';
import { create } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let estate: Estate;
beforeAll(async () => {
  t = await createTestApp();
  estate = await buildEstate(t, 2);
});
afterAll(() => t?.close());

type CardWithLimits = { id: number; notificationMargin: number; limits: unknown[] };
const cards = async (query: string, token = t.adminToken) => {
  const res = await t.call('GET', `/api/stat-all?${query}`, { token });
  expect(res.status).toBe(200);
  return new Map((res.body.data as { results: CardWithLimits[] }).results.map((c) => [c.id, c]));
};

describe('the rules behind each card (gauge colours)', () => {
  it("carry the rules on the card's pods, bound by the rule or by an alert, with the client's margin", async () => {
    const [here, there] = estate.locations as [number, number];
    const [podA, podB] = estate.pods.filter((p) => p.locationId === here) as [Estate['pods'][0], Estate['pods'][0]];
    const ctx = { ...estate.ctx, pod: podA.id, sensor: estate.sensorIds.TEMPERATURE ?? 0 };
    const ruleId = await create(t, getResource('rule') as Resource, ctx, { condition: 'greater', thresholdValue: 25 });
    await create(t, getResource('rule') as Resource, ctx, { condition: 'smaller', thresholdValue: 16 });
    // The first rule watches a pod of another area of the same location too.
    const other = estate.pods.find((p) => p.locationId === here && p.areaId !== podA.areaId);
    await create(t, getResource('alert') as Resource, { ...ctx, pod: other?.id ?? 0, rule: ruleId });

    const root = await cards('');
    expect(root.get(here)).toMatchObject({
      notificationMargin: 10,
      limits: [
        { sensorType: 'TEMPERATURE', condition: 'greater', threshold: 25 },
        { sensorType: 'TEMPERATURE', condition: 'smaller', threshold: 16 },
      ],
    });
    expect(root.get(there)).toMatchObject({ limits: [] });

    const areas = await cards(`locationId=${here}`);
    expect(areas.get(podA.areaId)?.limits).toHaveLength(2);
    expect(areas.get(other?.areaId ?? 0)?.limits).toEqual([
      { sensorType: 'TEMPERATURE', condition: 'greater', threshold: 25 },
    ]);
    // A page of one card carries that card's limits: they are read for every card of the filter, then matched.
    for (const [offset, id] of [...areas.keys()].entries()) {
      const page = await cards(`locationId=${here}&dataTableParams[paging]=1&dataTableParams[offset]=${offset + 1}`);
      expect([...page.keys()]).toEqual([id]);
      expect(page.get(id)?.limits).toEqual(areas.get(id)?.limits);
    }
    const pods = await cards(`areaId=${podA.areaId}&locationId=${here}`);
    expect(pods.get(podA.id)?.limits).toHaveLength(2);
    expect(pods.get(podB.id)?.limits).toEqual([]); // same area as A, no rule of its own

    // A configured margin replaces the default.
    await create(t, getResource('configuration') as Resource, { ...estate.ctx }, { notificationMargin: 25 });
    expect((await cards('')).get(here)?.notificationMargin).toBe(25);
  });

  it('never shows a viewer the rules of pods outside their scope', async () => {
    const [, there] = estate.locations as [number, number];
    const viewer = await locationViewer(t, estate, there);
    const mine = await cards('', viewer.token);
    expect([...mine.keys()]).toEqual([there]);
    expect(mine.get(there)?.limits).toEqual([]);
  });
});
