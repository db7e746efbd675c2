import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factory';
import { ADMIN, createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [ADMIN.email]);
  adminId = row?.id ?? 0;
});
afterAll(() => t?.close());

const ADMIN_ROLE = 1;
const VIEWER_ROLE = 2;
const LAST_ADMIN = /last active, verified administrator/;

const activeAdmins = async () =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM app_user u JOIN role r ON r.id = u.role_id WHERE r.access_level >= 50 AND u.active AND u.verified',
    )
  )[0]?.n;

describe('the last active, verified administrator', () => {
  it.each([
    ['deactivated', { active: false }],
    ['unverified', { verified: false }],
    ['demoted', { roleId: VIEWER_ROLE }],
  ])('cannot be %s (409, nothing changed)', async (_, change) => {
    const res = await t.call('PUT', `/api/user/${adminId}`, { token: t.adminToken, body: change });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(LAST_ADMIN);
    expect(await activeAdmins()).toBe(1);
  });

  it('cannot be deleted', async () => {
    const res = await t.call('DELETE', `/api/user/${adminId}`, { token: t.adminToken });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(LAST_ADMIN);
  });

  it("cannot lose administrator rights through its role's level of access", async () => {
    const res = await t.call('PUT', `/api/role/${ADMIN_ROLE}`, { token: t.adminToken, body: { accessLevel: 49 } });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(LAST_ADMIN);
    expect(
      (
        await t.call('PUT', `/api/role/${ADMIN_ROLE}`, {
          token: t.adminToken,
          body: { description: 'Still admin', accessLevel: 60 },
        })
      ).status,
    ).toBe(200);
  });

  it('can be changed while another one remains, and the other then becomes the last', async () => {
    const second = await createUser(t, ADMIN_ROLE);
    expect(
      (await t.call('PUT', `/api/user/${second.id}`, { token: t.adminToken, body: { firstName: 'Second' } })).status,
    ).toBe(200);
    expect(
      (await t.call('PUT', `/api/user/${second.id}`, { token: t.adminToken, body: { active: false } })).status,
    ).toBe(200);
    expect((await t.call('PUT', `/api/user/${adminId}`, { token: t.adminToken, body: { active: false } })).status).toBe(
      409,
    );
    // An inactive administrator does not count, and editing other users is untouched by the rule.
    const viewer = await createUser(t, VIEWER_ROLE);
    expect(
      (await t.call('PUT', `/api/user/${viewer.id}`, { token: t.adminToken, body: { active: false } })).status,
    ).toBe(200);
    expect((await t.call('DELETE', `/api/user/${second.id}`, { token: t.adminToken })).status).toBe(200);
  });

  it('survives two administrators deactivating each other at the same time: one wins, one gets 409', async () => {
    const a = await createUser(t, ADMIN_ROLE);
    const b = await createUser(t, ADMIN_ROLE);
    // The seeded administrator steps aside first, so a and b are the only two.
    expect((await t.call('PUT', `/api/user/${adminId}`, { token: a.token, body: { active: false } })).status).toBe(200);
    expect(await activeAdmins()).toBe(2);
    const [ab, ba] = await Promise.all([
      t.call('PUT', `/api/user/${b.id}`, { token: a.token, body: { active: false } }),
      t.call('PUT', `/api/user/${a.id}`, { token: b.token, body: { active: false } }),
    ]);
    // One wins. The other loses inside the lock (409), or, when the winner commits before the loser's
    // request is even authenticated, as a caller who is no longer active (401): both leave one administrator.
    const statuses = [ab.status, ba.status].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    expect(await activeAdmins()).toBe(1);
  });
});
