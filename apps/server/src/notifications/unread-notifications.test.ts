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

describe('unread notifications', () => {
  it("lists a user's unread notifications to that user and to administrators only", async () => {
    const ctx: Context = {};
    await ensure(t, 'pod', ctx); // the notification is of this pod, which the viewer's role sees
    const role = await t.call('POST', '/api/role', {
      token: t.adminToken,
      body: { title: 'Pod viewer', description: 'One pod', accessLevel: 10 },
    });
    const viewerRoleId = (role.body.data as { id: number }).id;
    await create(t, res('role-pod'), { ...ctx, role: viewerRoleId });
    const viewer = await createUser(t, viewerRoleId);
    const other = await createUser(t, viewerRoleId);
    await ensure(t, 'notification', ctx);
    await create(t, res('user-notification'), ctx, { userId: viewer.id, read: false });
    await create(t, res('user-notification'), ctx, { userId: viewer.id, read: true });
    const mine = await t.call('GET', `/api/notification/unread/${viewer.id}`, { token: viewer.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    expect((await t.call('GET', `/api/notification/unread/${viewer.id}`, { token: other.token })).status).toBe(403);
    expect(
      (await t.call('GET', `/api/notification/unread/${viewer.id}`, { token: t.adminToken })).body.data,
    ).toHaveLength(1);
  });

  it("shows a non-administrator only the notifications of pods in that user's scope", async () => {
    const inside: Context = {};
    const outside: Context = {};
    await ensure(t, 'pod', inside);
    await ensure(t, 'pod', outside);
    const role = await t.call('POST', '/api/role', {
      token: t.adminToken,
      body: { title: 'One pod', description: 'One pod', accessLevel: 10 },
    });
    const roleId = (role.body.data as { id: number }).id;
    await create(t, res('role-pod'), { ...inside, role: roleId });
    const viewer = await createUser(t, roleId);
    const seen = await create(t, res('notification'), inside);
    const hidden = await create(t, res('notification'), outside);
    const podless = await create(t, res('notification'), { group: inside.group as number });
    for (const notification of [seen, hidden, podless]) {
      await create(t, res('user-notification'), { notification }, { userId: viewer.id, read: false });
    }
    const ids = (body: { data?: unknown }) =>
      (body.data as { notificationId: number }[]).map((n) => n.notificationId).sort((a, b) => a - b);
    const mine = await t.call('GET', `/api/notification/unread/${viewer.id}`, { token: viewer.token });
    expect(mine.status).toBe(200);
    expect(ids(mine.body)).toEqual([seen]);
    expect(mine.body.paging?.total).toBe(1);
    expect(ids((await t.call('GET', `/api/notification/unread/${viewer.id}`, { token: t.adminToken })).body)).toEqual(
      [seen, hidden, podless].sort((a, b) => a - b),
    );
  });
});
