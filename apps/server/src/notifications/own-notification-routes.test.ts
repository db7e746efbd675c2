import { RESOURCE_BY_NAME, type Resource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Context, create, createUser, ensure } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
const res = (name: string) => RESOURCE_BY_NAME.get(name) as Resource;

async function podViewer(ctx: Context) {
  const role = await t.call('POST', '/api/role', {
    token: t.adminToken,
    body: { title: `Pod viewer ${Math.random()}`, description: 'One pod', accessLevel: 10 },
  });
  const roleId = (role.body.data as { id: number }).id;
  await create(t, res('role-pod'), { ...ctx, role: roleId });
  return { roleId, user: await createUser(t, roleId) };
}

describe('POST /api/user-notification/:id/read', () => {
  it("marks the caller's own notification read and lists it with its pod and severity", async () => {
    const ctx: Context = {};
    await ensure(t, 'pod', ctx);
    const { user } = await podViewer(ctx);
    await ensure(t, 'notification', ctx);
    const id = await create(t, res('user-notification'), ctx, { userId: user.id, read: false });

    // A viewer may not write user-notifications through the CRUD routes: this route is their way.
    expect(
      (await t.call('PUT', `/api/user-notification/${id}`, { token: user.token, body: { read: true } })).status,
    ).toBe(403);
    const marked = await t.call('POST', `/api/user-notification/${id}/read`, { token: user.token });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ id, read: true });

    const list = await t.call('GET', '/api/user-notification', { token: user.token });
    const row = (list.body.data as Record<string, unknown>[]).find((r) => r.id === id);
    expect(row).toMatchObject({ read: true, podTitle: expect.any(String) });
    expect(row).toHaveProperty('severity'); // the factory's notification has none
  });

  it("answers 404 for someone else's notification and leaves it unread", async () => {
    const ctx: Context = {};
    await ensure(t, 'pod', ctx);
    const { roleId, user: owner } = await podViewer(ctx);
    const other = await createUser(t, roleId);
    await ensure(t, 'notification', ctx);
    const id = await create(t, res('user-notification'), ctx, { userId: owner.id, read: false });

    expect((await t.call('POST', `/api/user-notification/${id}/read`, { token: other.token })).status).toBe(404);
    expect((await t.call('POST', `/api/user-notification/${id}/read`, { token: t.adminToken })).status).toBe(404);
    expect((await t.call('POST', '/api/user-notification/999999/read', { token: owner.token })).status).toBe(404);
    expect((await t.call('POST', `/api/user-notification/${id}/read`)).status).toBe(401);
    const unread = await t.call('GET', `/api/notification/unread/${owner.id}`, { token: owner.token });
    expect((unread.body.data as { id: number }[]).map((r) => r.id)).toContain(id);
  });

  it("answers 404 once the pod has left the caller's scope", async () => {
    const ctx: Context = {};
    await ensure(t, 'pod', ctx);
    const viewer = await createUser(t, 2); // the seeded Viewer role, bound to nothing
    await ensure(t, 'notification', ctx);
    const id = await create(t, res('user-notification'), ctx, { userId: viewer.id, read: false });
    expect((await t.call('POST', `/api/user-notification/${id}/read`, { token: viewer.token })).status).toBe(404);
  });
});

describe('POST /api/user-notification/read-all', () => {
  it("marks every unread notification of the caller read, and nobody else's", async () => {
    const ctx: Context = {};
    await ensure(t, 'pod', ctx);
    const { roleId, user } = await podViewer(ctx);
    const other = await createUser(t, roleId);
    await ensure(t, 'notification', ctx);
    for (let i = 0; i < 2; i++) await create(t, res('user-notification'), ctx, { userId: user.id, read: false });
    const theirs = await create(t, res('user-notification'), ctx, { userId: other.id, read: false });

    const marked = await t.call('POST', '/api/user-notification/read-all', { token: user.token });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ updated: 2 });
    const unread = async (u: { id: number; token: string }) =>
      ((await t.call('GET', `/api/notification/unread/${u.id}`, { token: u.token })).body.data as { id: number }[]).map(
        (r) => r.id,
      );
    expect(await unread(user)).toEqual([]);
    expect(await unread(other)).toEqual([theirs]);
    expect((await t.call('POST', '/api/user-notification/read-all', { token: user.token })).body.data).toEqual({
      updated: 0,
    });
    expect((await t.call('POST', '/api/user-notification/read-all')).status).toBe(401);
  });
});

describe('GET /api/user-notification', () => {
  it("answers the notification's value as a number, and searches the text joins alone", async () => {
    const ctx: Context = {};
    await ensure(t, 'pod', ctx);
    const { user } = await podViewer(ctx);
    const notificationId = await create(t, res('notification'), ctx, { value: 35.5, type: 'ALERT', severity: 'HIGH' });
    const id = await create(t, res('user-notification'), { ...ctx, notification: notificationId }, { userId: user.id });
    const list = await t.call('GET', '/api/user-notification', { token: user.token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect((list.body.data as Record<string, unknown>[]).find((r) => r.id === id)).toMatchObject({
      notificationValue: 35.5,
      notificationTitle: 'ALERT',
    });
    const search = encodeURIComponent(JSON.stringify({ searchWord: 'ALERT' }));
    const found = await t.call('GET', `/api/user-notification?dataTableParams=${search}`, { token: user.token });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect((found.body.data as { id: number }[]).map((r) => r.id)).toContain(id);
  });
});
