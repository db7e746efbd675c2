import { getResource, type HierarchyLevel, type Resource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlParam } from '../db/database';
import { buildEstate, type Estate } from '../test/estate-fixture';
import { type Context, create } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';
import { levelIdsOf, loadScope, roleCovers, scopeCovers } from './scope';

const pod = getResource('pod');

describe('the scope rule, forward and inverse', () => {
  let t: TestApp;
  let estate: Estate;
  // Each role bound at one node (or none), with the pods it must see.
  const roles: { name: string; id: number; accessLevel: number; pods: number[] }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    estate = await buildEstate(t, 2);
    const [firstArea] = estate.areas;
    const [firstPod] = estate.pods;
    const firstLocation = estate.locations[0] ?? 0;
    const all = estate.pods.map((p) => p.id);
    const role = async (name: string, accessLevel: number, bind?: [HierarchyLevel, number, Context?]) => {
      const res = await t.call('POST', '/api/role', {
        token: t.adminToken,
        body: { title: name, description: name, accessLevel },
      });
      const id = (res.body.data as { id: number }).id;
      if (bind) {
        const [level, node, parents] = bind;
        const ctx = { ...estate.ctx, ...parents, role: id, [level]: node };
        await create(t, getResource(`role-${level}`) as Resource, ctx);
      }
      return id;
    };
    const add = async (name: string, pods: number[], bind?: [HierarchyLevel, number, Context?], accessLevel = 10) => {
      roles.push({ name, id: await role(name, accessLevel, bind), accessLevel, pods });
    };
    await add('group', all, ['group', estate.ctx.group ?? 0]);
    await add('client', all, ['client', estate.ctx.client ?? 0]);
    await add(
      'location',
      estate.pods.filter((p) => p.locationId === firstLocation).map((p) => p.id),
      ['location', firstLocation],
    );
    await add(
      'area',
      estate.pods.filter((p) => p.areaId === firstArea?.id).map((p) => p.id),
      ['area', firstArea?.id ?? 0, { location: firstArea?.locationId ?? 0 }],
    );
    await add(
      'pod',
      [firstPod?.id ?? 0],
      ['pod', firstPod?.id ?? 0, { location: firstPod?.locationId ?? 0, area: firstPod?.areaId ?? 0 }],
    );
    await add('unbound', []);
    await add('administrator', all, undefined, 50);
  });
  afterAll(() => t.close());

  it('a binding grants its node and everything below, and each pod is seen by exactly the roles that see it', async () => {
    for (const r of roles) {
      const scope = await loadScope(t.db, r.id, r.accessLevel);
      const params: SqlParam[] = [];
      const clause = scopeCovers(levelIdsOf(pod, 't'), scope, params) ?? 'TRUE';
      const seen = await t.db.query<{ id: number }>(`SELECT t.id FROM pod t WHERE ${clause} ORDER BY t.id`, params);
      expect(
        seen.map((p) => p.id),
        r.name,
      ).toEqual([...r.pods].sort((a, b) => a - b));
    }
    for (const p of estate.pods) {
      const seers = await t.db.query<{ id: number }>(
        `SELECT r.id FROM role r JOIN pod p ON p.id = $1 WHERE ${roleCovers(levelIdsOf(pod, 'p'), 'r')} AND r.id = ANY($2::int[])`,
        [p.id, roles.map((r) => r.id)],
      );
      const expected = roles.filter((r) => r.pods.includes(p.id)).map((r) => r.id);
      expect(
        seers.map((r) => r.id).sort((a, b) => a - b),
        `pod ${p.id}`,
      ).toEqual(expected.sort((a, b) => a - b));
    }
  });
});
