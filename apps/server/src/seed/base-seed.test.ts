import { ADMIN_ACCESS_LEVEL } from '@greenpod/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import type { Database } from '../db/database';
import { openTestDatabase } from '../test/test-database';
import { seedBase } from './base-seed';

let db: Database & { drop(): Promise<void> };
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(() => db?.drop());

const FIRST = { adminEmail: 'first@greenpod.test', adminPassword: 'first-password-1' };

async function account(email: string) {
  const [row] = await db.query<{ password: string; active: boolean; verified: boolean; access_level: number }>(
    'SELECT u.password, u.active, u.verified, r.access_level FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.email = $1',
    [email],
  );
  return row;
}
const activeAdmins = async () =>
  (
    await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM app_user u JOIN role r ON r.id = u.role_id WHERE r.access_level >= 50 AND u.active AND u.verified',
    )
  )[0]?.n;

describe('seedBase and the administrator', () => {
  it('creates the first administrator once, and leaves an active one alone', async () => {
    expect(await seedBase(db, FIRST)).toMatchObject({ adminCreated: true, restored: false });
    const again = await seedBase(db, { adminEmail: FIRST.adminEmail, adminPassword: 'another-password' });
    expect(again).toMatchObject({ adminCreated: false, restored: false });
    expect(await verifyPassword((await account(FIRST.adminEmail))?.password ?? '', FIRST.adminPassword)).toBe(true);
  });

  it.each([
    ['inactive', 'UPDATE app_user SET active = false'],
    ['unverified', 'UPDATE app_user SET verified = false'],
  ])('restores the ADMIN_EMAIL account when the only administrator is %s, with ADMIN_PASSWORD', async (_, lockOut) => {
    await seedBase(db, FIRST);
    await db.query(lockOut);
    expect(await activeAdmins()).toBe(0);
    const seed = await seedBase(db, { adminEmail: FIRST.adminEmail, adminPassword: 'recovered-password' });
    expect(seed).toMatchObject({ adminCreated: true, restored: true });
    expect(seed.generatedPassword).toBeUndefined();
    const admin = await account(FIRST.adminEmail);
    expect(admin).toMatchObject({ active: true, verified: true });
    expect(await verifyPassword(admin?.password ?? '', 'recovered-password')).toBe(true);
    expect(await activeAdmins()).toBe(1);
  });

  it('promotes the ADMIN_EMAIL account when it is not an administrator, or creates it when it does not exist', async () => {
    await seedBase(db, FIRST);
    await db.query(
      "INSERT INTO app_user (role_id, first_name, last_name, email, password, active, verified) SELECT id, 'V', 'W', 'viewer@greenpod.test', 'x', false, false FROM role WHERE title = 'Viewer'",
    );
    await db.query('UPDATE app_user SET active = false WHERE email = $1', [FIRST.adminEmail]);
    await seedBase(db, { adminEmail: 'viewer@greenpod.test', adminPassword: 'promoted-password' });
    expect(await account('viewer@greenpod.test')).toMatchObject({
      active: true,
      verified: true,
      access_level: ADMIN_ACCESS_LEVEL,
    });

    await db.query("UPDATE app_user SET active = false WHERE email = 'viewer@greenpod.test'");
    await seedBase(db, { adminEmail: 'new@greenpod.test', adminPassword: 'brand-new-password' });
    expect(await account('new@greenpod.test')).toMatchObject({ active: true, verified: true });
    expect(await activeAdmins()).toBe(1);
  });

  it('without ADMIN_PASSWORD generates a password, returned once, for the restored account', async () => {
    await seedBase(db, FIRST);
    await db.query('UPDATE app_user SET active = false');
    const seed = await seedBase(db, { adminEmail: FIRST.adminEmail });
    expect(seed.restored).toBe(true);
    expect(seed.generatedPassword).toMatch(/^[\w-]{16}$/);
    expect(await verifyPassword((await account(FIRST.adminEmail))?.password ?? '', seed.generatedPassword ?? '')).toBe(
      true,
    );
  });

  it('restores an administrator role too when every administrator role was demoted', async () => {
    await seedBase(db, FIRST);
    await db.query('UPDATE role SET access_level = 10');
    const seed = await seedBase(db, FIRST);
    expect(seed.restored).toBe(true);
    expect((await account(FIRST.adminEmail))?.access_level).toBeGreaterThanOrEqual(50);
    // The demoted roles stay demoted: their other holders gain nothing.
    expect(
      (
        await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM role WHERE title IN ('Admin', 'Viewer') AND access_level = 10",
        )
      )[0]?.n,
    ).toBe(2);
  });
});
