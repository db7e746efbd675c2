import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const VIEWER_ROLE = 2; // the seeded Viewer role

describe('a password change ends the sessions issued before it', () => {
  it('refuses a token issued before an administrator set a new password, and accepts one issued after', async () => {
    const viewer = await createUser(t, VIEWER_ROLE);
    expect((await t.call('GET', '/api/user/me', { token: viewer.token })).status).toBe(200);
    const put = await t.call('PUT', `/api/user/${viewer.id}`, {
      token: t.adminToken,
      body: { password: 'changed-by-admin' },
    });
    expect(put.status).toBe(200);

    const old = await t.call('GET', '/api/user/me', { token: viewer.token });
    expect(old.status).toBe(401);
    expect(old.body.error).toMatch(/sign in again/);
    // A sign-in in the same second as the change must still work: no clock comparison at all.
    const fresh = await t.login(viewer.email, 'changed-by-admin');
    expect((await t.call('GET', '/api/user/me', { token: fresh })).status).toBe(200);
  });

  it('refuses a token issued before a reset link set a new password', async () => {
    const viewer = await createUser(t, VIEWER_ROLE);
    expect((await t.call('POST', '/api/user/resetPassword', { body: { email: viewer.email } })).status).toBe(200);
    const mail =
      t
        .outbox()
        .find((m) => m.includes(viewer.email))
        ?.replace(/=\r?\n/g, '') ?? '';
    const link = /\/user\/resetPassword\/([\w-]+)/.exec(mail)?.[1];
    const reset = await t.call('PUT', `/api/user/resetPassword/${link}`, {
      body: { password: 'reset-by-link', confirmPassword: 'reset-by-link' },
    });
    expect(reset.status).toBe(200);

    expect((await t.call('GET', '/api/user/me', { token: viewer.token })).status).toBe(401);
    expect((await t.call('GET', '/api/podCount', { token: viewer.token })).status).toBe(401);
    const fresh = await t.login(viewer.email, 'reset-by-link');
    expect((await t.call('GET', '/api/user/me', { token: fresh })).status).toBe(200);
  });

  it('keeps a session when an administrator edits the user without touching the password', async () => {
    const viewer = await createUser(t, VIEWER_ROLE);
    expect(
      (await t.call('PUT', `/api/user/${viewer.id}`, { token: t.adminToken, body: { firstName: 'Renamed' } })).status,
    ).toBe(200);
    expect((await t.call('GET', '/api/user/me', { token: viewer.token })).status).toBe(200);
  });
});

describe('a token whose subject is not a user id', () => {
  it('answers 401 with the usual message, never 400 or 500', async () => {
    const viewer = await createUser(t, VIEWER_ROLE);
    const valid = t.app.jwt.decode<{ pwd?: string }>(viewer.token);
    for (const sub of ['abc', '1', 1.5, -3, 0, 2 ** 31, 1e300, null, { id: 1 }]) {
      const token = t.app.jwt.sign({ sub, pwd: valid?.pwd } as never);
      const res = await t.call('GET', '/api/user/me', { token });
      expect(res.status, `sub ${JSON.stringify(sub)}`).toBe(401);
      expect(res.body.error).toMatch(/sign in again/);
    }
    const noSub = t.app.jwt.sign({ pwd: valid?.pwd } as never);
    expect((await t.call('GET', '/api/user/me', { token: noSub })).status).toBe(401);
  });
});
