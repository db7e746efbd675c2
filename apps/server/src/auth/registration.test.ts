import { PENDING_VERIFICATION } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const register = (email: string, password = 'nursery-pass-1') =>
  t.call('POST', '/api/user/register', {
    body: { firstName: 'Eve', lastName: 'Probe', email, password, confirmPassword: password, terms: true },
  });
const users = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_user'))[0]?.n;
const mailsTo = (email: string) => t.outbox().filter((m) => m.includes(`To: ${email}`));

describe('registration does not tell who has an account', () => {
  it('answers an existing e-mail exactly as a new one, creates nothing and mails the owner', async () => {
    const fresh = await register('new-person@example.com');
    expect(fresh.status).toBe(201);
    expect(fresh.body).toEqual({ success: true, message: PENDING_VERIFICATION });

    const before = await users();
    const [owner] = await t.db.query<{ password: string; first_name: string }>(
      'SELECT password, first_name FROM app_user WHERE email = $1',
      [ADMIN.email],
    );
    const probe = await register(ADMIN.email.toUpperCase(), 'attacker-pass-1');
    expect(probe.status).toBe(fresh.status);
    expect(probe.body).toEqual(fresh.body);

    expect(await users()).toBe(before);
    const [after] = await t.db.query<{ password: string; first_name: string }>(
      'SELECT password, first_name FROM app_user WHERE email = $1',
      [ADMIN.email],
    );
    expect(after).toEqual(owner);
    await t.login(ADMIN.email, ADMIN.password);

    // The mail is sent after the answer (an SMTP round trip would otherwise time the difference).
    await vi.waitFor(() => expect(mailsTo(ADMIN.email)).toHaveLength(1));
    const mail = mailsTo(ADMIN.email)[0]?.replace(/=\r?\n/g, '') ?? '';
    expect(mail).toMatch(/tried to register/);
    expect(mail).toMatch(/\/user\/requestResetPassword/);
    expect(mailsTo('new-person@example.com')).toHaveLength(0);
  });

  it('a second registration of a pending account changes nothing either', async () => {
    await register('pending@example.com', 'first-pass-11');
    const again = await register('pending@example.com', 'second-pass-22');
    expect(again.status).toBe(201);
    const [row] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM app_user WHERE email = 'pending@example.com'",
    );
    expect(row?.n).toBe(1);
    await t.db.query("UPDATE app_user SET verified = true WHERE email = 'pending@example.com'");
    await t.login('pending@example.com', 'first-pass-11');
  });
});
