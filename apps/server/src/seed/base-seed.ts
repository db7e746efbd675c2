import { randomBytes } from 'node:crypto';
import {
  ADMIN_ACCESS_LEVEL,
  role as roleResource,
  SENSOR_LABELS,
  SENSOR_TYPES,
  sensor,
  user,
  VIEWER_ACCESS_LEVEL,
} from '@greenpod/contracts';
import { hasActiveAdministrator, lockAdministrators } from '../auth/last-admin';
import { hashPassword } from '../auth/passwords';
import { insertTarget } from '../crud/tables';
import { withAdvisoryLock } from '../db/advisory-lock';
import type { Database, Queryable } from '../db/database';

// Column lists from the registry. Not seedRow: roles and the administrator keep their own ON CONFLICT
// rules, and the base seed stays free of the CRUD hooks (bench/stall imports it without the app).
const ROLE_ROWS = insertTarget(roleResource, ['title', 'description', 'accessLevel']);
const SENSOR_ROWS = insertTarget(sensor, ['title', 'type', 'description']);
const USER_ROWS = insertTarget(user, ['roleId', 'firstName', 'lastName', 'email', 'password', 'active', 'verified']);
// Two-key advisory lock ('GPSE'): the sensor catalogue is written once however many instances start together.
const SENSOR_SEED_LOCK = { namespace: 0x47505345, key: 1 };

export interface SeedResult {
  adminEmail: string;
  /** Set only when this start set the administrator's password to a generated one. */
  generatedPassword?: string;
  /** This start made an active, verified administrator: the first one, or a restored one. */
  adminCreated: boolean;
  /** There was no active, verified administrator although accounts existed: ADMIN_EMAIL's was restored. */
  restored: boolean;
}

/**
 * What every instance needs: the two roles, the sensor catalogue and an administrator. Without an
 * active, verified administrator nobody could ever fix the instance from inside, so every start
 * without one makes ADMIN_EMAIL's account one (created, or re-activated, verified, promoted) with
 * ADMIN_PASSWORD, or a generated password returned once to be printed: the README's recovery path.
 */
export async function seedBase(
  db: Database,
  opts: { adminEmail: string; adminPassword?: string },
): Promise<SeedResult> {
  await db.query(
    `INSERT INTO ${ROLE_ROWS} VALUES
       ('Admin', 'Manages every record', $1), ('Viewer', 'Sees the dashboards of its scope', $2)
     ON CONFLICT (title) DO NOTHING`,
    [ADMIN_ACCESS_LEVEL, VIEWER_ACCESS_LEVEL],
  );
  // The catalogue has no unique key to lean on: instances starting together on a fresh database each counted
  // none and each wrote it, every type twice. Under a lock the second counts after the first committed.
  await withAdvisoryLock(db, SENSOR_SEED_LOCK, 'wait', async (tx) => {
    const [{ n } = { n: 0 }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM sensor');
    if (n > 0) return;
    for (const type of SENSOR_TYPES) {
      await tx.query(`INSERT INTO ${SENSOR_ROWS} VALUES ($1, $2, $3)`, [
        SENSOR_LABELS[type],
        type,
        `${SENSOR_LABELS[type]} sensor`,
      ]);
    }
  });
  // Under the lock the last-administrator rule takes, so instances starting together restore once.
  const outcome = await db.transaction(async (tx) => {
    await lockAdministrators(tx);
    if (await hasActiveAdministrator(tx)) return { adminCreated: false, restored: false };
    const [{ any } = { any: false }] = await tx.query<{ any: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM app_user) AS any',
    );
    const generatedPassword = opts.adminPassword ? undefined : randomBytes(12).toString('base64url');
    const hash = await hashPassword(opts.adminPassword ?? (generatedPassword as string));
    await tx.query(
      `INSERT INTO ${USER_ROWS}
       VALUES ($1, 'Greenpod', 'Administrator', $2, $3, true, true)
       ON CONFLICT (email) DO UPDATE SET role_id = EXCLUDED.role_id, password = EXCLUDED.password, verified = true, active = true, updated = now()`,
      [await administratorRole(tx), opts.adminEmail.toLowerCase(), hash],
    );
    return { adminCreated: true, restored: any, ...(generatedPassword ? { generatedPassword } : {}) };
  });
  return { adminEmail: opts.adminEmail, ...outcome };
}

/**
 * The seeded Admin role, or another administrator role. When every one was demoted, a new role:
 * raising a demoted one would also raise whoever holds it now.
 */
async function administratorRole(tx: Queryable): Promise<number> {
  const [role] = await tx.query<{ id: number }>(
    "SELECT id FROM role WHERE access_level >= $1 ORDER BY title = 'Admin' DESC, id LIMIT 1",
    [ADMIN_ACCESS_LEVEL],
  );
  if (role) return role.id;
  const [made] = await tx.query<{ id: number }>(
    `INSERT INTO ${ROLE_ROWS} VALUES ('Administrator (restored)', 'Made at start: no administrator role was left', $1)
     ON CONFLICT (title) DO UPDATE SET access_level = EXCLUDED.access_level RETURNING id`,
    [ADMIN_ACCESS_LEVEL],
  );
  return (made as { id: number }).id;
}
