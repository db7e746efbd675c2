import { randomBytes } from 'node:crypto';
import { ADMIN_ACCESS_LEVEL, SENSOR_LABELS, SENSOR_TYPES, VIEWER_ACCESS_LEVEL } from '@greenpod/contracts';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/database';

export interface SeedResult {
  adminEmail: string;
  /** Set only when this start created the administrator with a generated password. */
  generatedPassword?: string;
  adminCreated: boolean;
}

/** What every instance needs: the two roles, the sensor catalogue and a first administrator. */
export async function seedBase(db: Database, opts: { adminEmail: string; adminPassword?: string }): Promise<SeedResult> {
  await db.query(
    `INSERT INTO role (title, description, access_level) VALUES
       ('Admin', 'Manages every record', $1), ('Viewer', 'Sees the dashboards of its scope', $2)
     ON CONFLICT (title) DO NOTHING`,
    [ADMIN_ACCESS_LEVEL, VIEWER_ACCESS_LEVEL],
  );
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sensor');
  if (n === 0) {
    for (const type of SENSOR_TYPES) {
      await db.query('INSERT INTO sensor (title, type, description) VALUES ($1, $2, $3)', [
        SENSOR_LABELS[type], type, `${SENSOR_LABELS[type]} sensor`,
      ]);
    }
  }
  const [admin] = await db.query(
    'SELECT u.id FROM app_user u JOIN role r ON r.id = u.role_id WHERE r.access_level >= $1 LIMIT 1',
    [ADMIN_ACCESS_LEVEL],
  );
  if (admin) return { adminEmail: opts.adminEmail, adminCreated: false };
  const generatedPassword = opts.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const password = opts.adminPassword ?? (generatedPassword as string);
  await db.query(
    `INSERT INTO app_user (role_id, first_name, last_name, email, password, active, verified)
     SELECT id, 'Greenpod', 'Administrator', $1, $2, true, true FROM role WHERE title = 'Admin'
     ON CONFLICT (email) DO UPDATE SET role_id = EXCLUDED.role_id, verified = true, active = true`,
    [opts.adminEmail.toLowerCase(), await hashPassword(password)],
  );
  return { adminEmail: opts.adminEmail, adminCreated: true, ...(generatedPassword ? { generatedPassword } : {}) };
}
