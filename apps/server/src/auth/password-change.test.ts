import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  // A small sign-in limit, so the shared count is reached in a few calls.
  t = await createTestApp({ LOGIN_RATE_LIMIT: '4', LOGIN_ADDRESS_RATE_LIMIT: '1000' });
});
afterAll(() => t?.close());

const VIEWER_ROLE = 2; // the seeded Viewer role
const change = (token: string, body: Record<string, unknown>) =>
  t.call('PUT', '/api/user/me/password', { token, body });

describe('PUT /api/user/me/password', () => {
  it('sets the new password and answers a fresh token, since the old ones stop working', async () => {
    const viewer = await createUser(t, VIEWER_ROLE);
    const res = await change(viewer.token, { currentPassword: 'viewer-password', password: 'a-new-password-1' });
    expect(res.status).toBe(200);
    const fresh = res.body.token as string;
    expect(typeof fresh).toBe('string');

    expect((await t.call('GET', '/api/user/me', { token: viewer.token })).status).toBe(401);
    expect((await t.call('GET', '/api/user/me', { token: fresh })).status).toBe(200);
    expect(
      (await t.call('POST', '/api/user/login', { body: { email: viewer.email, password: 'viewer-password' } })).status,
    ).toBe(401);
    expect(await t.login(viewer.email, 'a-new-password-1')).toEqual(expect.any(String));
  });

  it('answers 400 with a field message for a wrong current password, and changes nothing', async () => {
    const viewer = await createUser(t, VIEWER_ROLE);
    const res = await change(viewer.token, { currentPassword: 'not-it-at-all', password: 'a-new-password-1' });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors).toEqual({ currentPassword: ['The current password is not correct'] });
    expect((await t.call('GET', '/api/user/me', { token: viewer.token })).status).toBe(200);
  });

  it('validates the new password and its confirmation, and needs a session', async () => {
    const viewer = await createUser(t, VIEWER_ROLE);
    const short = await change(viewer.token, { currentPassword: 'viewer-password', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.validationErrors?.password).toEqual(['Password must be at least 8 characters']);
    const differ = await change(viewer.token, {
      currentPassword: 'viewer-password',
      password: 'a-new-password-1',
      confirmPassword: 'another-one-22',
    });
    expect(differ.body.validationErrors?.confirmPassword).toEqual(['Passwords do not match']);
    expect(
      (await t.call('PUT', '/api/user/me/password', { body: { currentPassword: 'x', password: 'y' } })).status,
    ).toBe(401);
  });

  it('limits attempts like sign-in does', async () => {
    const viewer = await createUser(t, VIEWER_ROLE);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await change(viewer.token, { currentPassword: `guess-${i}-xx`, password: 'a-new-password-1' })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });
});
