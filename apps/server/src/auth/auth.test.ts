import { PENDING_VERIFICATION, RESET_ANSWER } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '3', RESET_RATE_LIMIT: '4' });
});
afterAll(() => t?.close());

const register = (email: string) =>
  t.call('POST', '/api/user/register', {
    body: {
      firstName: 'Nina',
      lastName: 'Nursery',
      email,
      password: 'nursery-pass-1',
      confirmPassword: 'nursery-pass-1',
      terms: true,
    },
  });

describe('registration and verification', () => {
  it('registers a pending viewer who cannot sign in until an administrator verifies them', async () => {
    const res = await register('nina@example.com');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(PENDING_VERIFICATION);

    const early = await t.call('POST', '/api/user/login', {
      body: { email: 'nina@example.com', password: 'nursery-pass-1' },
    });
    expect(early.status).toBe(403);
    expect(early.body.error).toMatch(/verify/);

    const list = await t.call(
      'GET',
      `/api/user?dataTableParams=${encodeURIComponent(JSON.stringify({ searchField: 'email', searchWord: 'nina@' }))}`,
      { token: t.adminToken },
    );
    const row = (list.body.data as { id: number; verified: boolean; roleTitle: string }[])[0];
    expect(row).toMatchObject({ verified: false, roleTitle: 'Viewer' });
    expect(
      (await t.call('PUT', `/api/user/${row?.id}`, { token: t.adminToken, body: { verified: true } })).status,
    ).toBe(200);

    const token = await t.login('nina@example.com', 'nursery-pass-1');
    const me = await t.call('GET', '/api/user/me', { token });
    expect(me.body.data).toMatchObject({
      user: { email: 'nina@example.com', verified: true },
      role: { title: 'Viewer', accessLevel: 10 },
    });
    expect(JSON.stringify(me.body)).not.toMatch(/argon2/);
  });

  // A duplicate e-mail is answered like a new one: registration.test.ts.
  it('refuses mismatched passwords with 400', async () => {
    await register('dup@example.com');
    const mismatch = await t.call('POST', '/api/user/register', {
      body: {
        firstName: 'a',
        lastName: 'b',
        email: 'm@example.com',
        password: 'password-1',
        confirmPassword: 'password-2',
      },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.validationErrors?.confirmPassword).toEqual(['Passwords do not match']);
  });

  it('stores argon2id hashes, never plain passwords', async () => {
    const [row] = await t.db.query<{ password: string }>(
      "SELECT password FROM app_user WHERE email = 'dup@example.com'",
    );
    expect(row?.password).toMatch(/^\$argon2id\$/);
  });
});

describe('sign-in', () => {
  it('answers 401 to a wrong password and to a tampered or missing token', async () => {
    expect(
      (await t.call('POST', '/api/user/login', { body: { email: ADMIN.email, password: 'wrong-password' } })).status,
    ).toBe(401);
    const tampered = `${t.adminToken.slice(0, -3)}abc`;
    expect((await t.call('GET', '/api/user/me', { token: tampered })).status).toBe(401);
    expect((await t.call('GET', '/api/user/me')).status).toBe(401);
  });

  it('rate-limits sign-in per address and e-mail with 429 and Retry-After', async () => {
    const attempt = () =>
      t.call('POST', '/api/user/login', { body: { email: 'victim@example.com', password: 'guess-guess' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.error).toMatch(/Too many attempts/);
  });

  it('stops a deactivated account at once, even with a valid token', async () => {
    await register('gone@example.com');
    const [u] = await t.db.query<{ id: number }>(
      "UPDATE app_user SET verified = true WHERE email = 'gone@example.com' RETURNING id",
    );
    const token = await t.login('gone@example.com', 'nursery-pass-1');
    await t.call('PUT', `/api/user/${u?.id}`, { token: t.adminToken, body: { active: false } });
    expect((await t.call('GET', '/api/user/me', { token })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a single-use link through the outbox and answers the same for unknown e-mails', async () => {
    await register('reset@example.com');
    await t.db.query("UPDATE app_user SET verified = true WHERE email = 'reset@example.com'");
    const known = await t.call('POST', '/api/user/resetPassword', { body: { email: 'reset@example.com' } });
    const unknown = await t.call('POST', '/api/user/resetPassword', { body: { email: 'nobody@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe(RESET_ANSWER);

    const mails = t.outbox().filter((m) => m.includes('reset@example.com'));
    expect(mails).toHaveLength(1);
    const token = /\/user\/resetPassword\/([\w-]+)/.exec(mails[0]?.replace(/=\r?\n/g, '') ?? '')?.[1];
    expect(token).toBeTruthy();

    const reset = await t.call('PUT', `/api/user/resetPassword/${token}`, {
      body: { password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    });
    expect(reset.status).toBe(200);
    await t.login('reset@example.com', 'brand-new-pass');
    const again = await t.call('PUT', `/api/user/resetPassword/${token}`, {
      body: { password: 'another-pass-1', confirmPassword: 'another-pass-1' },
    });
    expect(again.status).toBe(400);
  });

  it('rejects an expired link', async () => {
    await t.call('POST', '/api/user/resetPassword', { body: { email: ADMIN.email } });
    const mail =
      t
        .outbox()
        .find((m) => m.includes(ADMIN.email))
        ?.replace(/=\r?\n/g, '') ?? '';
    const token = /\/user\/resetPassword\/([\w-]+)/.exec(mail)?.[1];
    await t.db.query("UPDATE password_reset SET expires = now() - interval '1 minute'");
    const res = await t.call('PUT', `/api/user/resetPassword/${token}`, { body: { password: 'brand-new-pass' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/expired/);
  });

  it('rate-limits reset requests for one e-mail', async () => {
    const ask = () => t.call('POST', '/api/user/resetPassword', { body: { email: 'flood@example.com' } });
    for (let i = 0; i < 4; i++) expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
  });
});
