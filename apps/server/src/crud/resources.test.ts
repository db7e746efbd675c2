import { HIERARCHY_LEVELS, MESSAGES, RESOURCES, type Resource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Context, create, createUser, ensure, updateChange } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';
import { compileSelect } from './select';

/**
 * Generated from the registry: every resource and verb is checked for 401/403/400/404, scope
 * isolation, both dataTableParams encodings, sort whitelisting and a full round trip.
 */
let t: TestApp;
let estateA: Context;
let viewer: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  estateA = {};
  await ensure(t, 'pod', estateA);
  const roleRes = await t.call('POST', '/api/role', {
    token: t.adminToken,
    body: { title: 'Location viewer', description: 'One hotel', accessLevel: 10 },
  });
  const roleId = (roleRes.body.data as { id: number }).id;
  await create(t, RESOURCES.find((r) => r.name === 'role-location') as Resource, { ...estateA, role: roleId });
  viewer = await createUser(t, roleId);
});
afterAll(() => t?.close());

const dtp = (p: object) => `dataTableParams=${encodeURIComponent(JSON.stringify(p))}`;

/** The lowest level that places this resource's rows, if any. */
function deepestLevel(r: Resource) {
  const c = compileSelect(r);
  return [...HIERARCHY_LEVELS].reverse().find((l) => c.levelExpr[l]);
}

describe.each(RESOURCES.map((r) => [r.name, r] as const))('%s', (name, resource) => {
  const path = `/api/${name}`;
  const verbs = new Set(resource.verbs);

  it('answers 401 to anonymous callers on every route', async () => {
    const calls: [string, string][] = [];
    if (verbs.has('list')) calls.push(['GET', path]);
    if (verbs.has('read')) calls.push(['GET', `${path}/1`]);
    if (verbs.has('create')) calls.push(['POST', path]);
    if (verbs.has('update')) calls.push(['PUT', `${path}/1`]);
    if (verbs.has('delete')) calls.push(['DELETE', `${path}/1`]);
    for (const [method, url] of calls) {
      const res = await t.call(method as 'GET', url, method === 'POST' || method === 'PUT' ? { body: {} } : {});
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: expect.any(String) });
    }
  });

  it('answers 403 to a viewer on admin writes', async () => {
    const id = await create(t, resource, {});
    if (verbs.has('create')) expect((await t.call('POST', path, { token: viewer.token, body: {} })).status).toBe(403);
    if (verbs.has('update'))
      expect((await t.call('PUT', `${path}/${id}`, { token: viewer.token, body: {} })).status).toBe(403);
    expect((await t.call('DELETE', `${path}/${id}`, { token: viewer.token })).status).toBe(403);
    expect((await t.call('GET', `${path}/${id}`, { token: t.adminToken })).status).toBe(200);
  });

  // A computed resource's own POST (Create Savings) has its own tests of bad input, beside its route.
  it.runIf(verbs.has('create'))('answers 400 with validationErrors to an invalid body, writing nothing', async () => {
    const before = (await t.call('GET', `${path}?${dtp({ paging: 1 })}`, { token: t.adminToken })).body.paging?.total;
    const res = await t.call('POST', path, { token: t.adminToken, body: {} });
    expect(res.status).toBe(400);
    const required = Object.entries(resource.fields).filter(
      ([, f]) => (f.required || f.requiredOnCreate) && !f.readOnly,
    );
    for (const [key] of required) expect(res.body.validationErrors?.[key], key).toContain(MESSAGES.required);
    const wrongType = await t.call('POST', path, {
      token: t.adminToken,
      body: Object.fromEntries(required.map(([k]) => [k, { nested: true }])),
    });
    expect(wrongType.status).toBe(400);
    const after = (await t.call('GET', `${path}?${dtp({ paging: 1 })}`, { token: t.adminToken })).body.paging?.total;
    expect(after).toBe(before);
  });

  it('creates, reads, updates, lists and deletes a record', async () => {
    const ctx: Context = {};
    const id = await create(t, resource, ctx);
    const read = await t.call('GET', `${path}/${id}`, { token: t.adminToken });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, created: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(read.body.data).not.toHaveProperty('password');

    if (verbs.has('update')) {
      const change = await updateChange(t, resource, ctx);
      if (!change) throw new Error(`${name} has a PUT route but no field the generated suite can change`);
      const { key, value } = change;
      const put = await t.call('PUT', `${path}/${id}`, { token: t.adminToken, body: { [key]: value } });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect((put.body.data as Record<string, unknown>)[key]).toBe(value);
      const reread = await t.call('GET', `${path}/${id}`, { token: t.adminToken });
      expect((reread.body.data as Record<string, unknown>)[key]).toBe(value);
    }

    const json = await t.call('GET', `${path}?${dtp({ fetchParams: { id }, paging: 5 })}`, { token: t.adminToken });
    const bracket = await t.call('GET', `${path}?dataTableParams[fetchParams][id]=${id}&dataTableParams[paging]=5`, {
      token: t.adminToken,
    });
    expect(json.status).toBe(200);
    expect(json.body.paging).toEqual({ skip: 0, limit: 5, total: 1, totalIsLowerBound: false });
    expect(bracket.body).toEqual(json.body);
    for (const row of json.body.data as object[])
      for (const col of resource.columns) expect(row).toHaveProperty(col.key);

    expect((await t.call('DELETE', `${path}/${id}`, { token: t.adminToken })).status).toBe(200);
    expect((await t.call('GET', `${path}/${id}`, { token: t.adminToken })).status).toBe(404);
  });

  it('sorts on whitelisted columns only', async () => {
    for (const key of resource.sortable) {
      const res = await t.call('GET', `${path}?${dtp({ colKey: key, sortDirection: 'DESC' })}`, {
        token: t.adminToken,
      });
      expect(res.status, key).toBe(200);
    }
    const bad = await t.call('GET', `${path}?${dtp({ colKey: 'id; DROP TABLE role' })}`, { token: t.adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors?.colKey).toBeDefined();
  });

  it('keeps rows outside the caller scope out of reach', async () => {
    const outside = await create(t, resource, {});
    const access = resource.access.read;
    const read = await t.call('GET', `${path}/${outside}`, { token: viewer.token });
    const list = await t.call('GET', `${path}?${dtp({ fetchParams: { id: outside } })}`, { token: viewer.token });
    if (access === 'admin') {
      expect(read.status).toBe(403);
      expect(list.status).toBe(403);
      return;
    }
    if (access === 'authenticated') {
      expect(read.status).toBe(200);
      return;
    }
    expect(read.status).toBe(404);
    expect(list.body.paging?.total).toBe(0);

    // Inside the viewer's location subtree the same kind of row is visible.
    const insideCtx: Context = { ...estateA, ...(access === 'own' ? { user: viewer.id } : {}) };
    const inside = await create(t, resource, insideCtx, access === 'own' ? { userId: viewer.id } : {});
    const level = deepestLevel(resource);
    // A new location is a sibling of the bound one; anything placed in the bound location is inside.
    const depth = level ? HIERARCHY_LEVELS.indexOf(level) : -1;
    const below =
      depth > HIERARCHY_LEVELS.indexOf('location') || (level === 'location' && resource.node !== 'location');
    const visible = access === 'own' || below;
    expect((await t.call('GET', `${path}/${inside}`, { token: viewer.token })).status).toBe(visible ? 200 : 404);
  });
});

describe('delete with dependants', () => {
  it('answers 409 naming what still depends on the record, and deletes nothing', async () => {
    const ctx: Context = {};
    await ensure(t, 'location', ctx);
    const res = await t.call('DELETE', `/api/group/${ctx.group}`, { token: t.adminToken });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/client/);
    expect(res.body.error).toMatch(/location/);
    expect((await t.call('GET', `/api/group/${ctx.group}`, { token: t.adminToken })).status).toBe(200);
  });
});

describe('cascade consistency', () => {
  it('refuses a client that does not belong to the chosen group', async () => {
    const a: Context = {};
    const b: Context = {};
    await ensure(t, 'client', a);
    await ensure(t, 'client', b);
    const res = await t.call('POST', '/api/location', {
      token: t.adminToken,
      body: {
        groupId: a.group,
        clientId: b.client,
        title: 'x',
        description: 'y',
        country: 'UK',
        city: 'London',
        address: 'a',
        contactName: 'c',
        contactNumber: '1',
        boxCount: 1,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors?.clientId?.[0]).toMatch(/does not belong/);
  });
});

describe('list filters', () => {
  it('answers 400 to a filter value of the wrong type', async () => {
    for (const q of ['[active]=-1', '[active]=', '[groupId]=abc', '[id]=2147483648', '[groupId]=1.5']) {
      const res = await t.call('GET', `/api/area?dataTableParams[fetchParams]${q}`, { token: t.adminToken });
      expect(res.status, q).toBe(400);
      expect(res.body.validationErrors?.fetchParams).toBeDefined();
    }
    const ok = await t.call('GET', '/api/area?dataTableParams[fetchParams][active]=true', { token: t.adminToken });
    expect(ok.status).toBe(200);
  });
});
