import { type ActiveRole, type ActiveUser, ADMIN_ACCESS_LEVEL } from '@greenpod/contracts';
import type { Queryable } from '../db/database';

export interface UserRecord extends ActiveUser {
  password: string;
  role: ActiveRole;
}

const USER_COLUMNS = `u.id, u.role_id, u.asset_id, u.first_name, u.last_name, u.email, u.password, u.active, u.verified,
  r.title AS role_title, r.description AS role_description, r.access_level`;

type UserRow = {
  id: number;
  role_id: number;
  asset_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  active: boolean;
  verified: boolean;
  role_title: string;
  role_description: string;
  access_level: number;
};

function toRecord(r: UserRow): UserRecord {
  return {
    id: r.id,
    roleId: r.role_id,
    assetId: r.asset_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    active: r.active,
    verified: r.verified,
    password: r.password,
    role: { id: r.role_id, title: r.role_title, description: r.role_description, accessLevel: r.access_level },
  };
}

export async function findUserBy(db: Queryable, by: 'email' | 'id', value: string | number) {
  const [row] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.${by} = $1`,
    [value],
  );
  return row ? toRecord(row) : undefined;
}

/** The public view of a user: never the password hash. */
export function publicUser(u: UserRecord): ActiveUser {
  return {
    id: u.id,
    roleId: u.roleId,
    assetId: u.assetId,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    active: u.active,
    verified: u.verified,
  };
}

/** Registered users get the lowest role (the seeded Viewer). */
export async function lowestRoleId(db: Queryable): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>(
    'SELECT id FROM role WHERE access_level < $1 ORDER BY access_level, id LIMIT 1',
    [ADMIN_ACCESS_LEVEL],
  );
  return row?.id;
}

/**
 * Adds a registered user, active and waiting for an administrator to verify them. Returns false
 * when the address already has an account (nothing is changed then).
 */
export async function insertPendingUser(
  db: Queryable,
  user: { roleId: number; firstName: string; lastName: string; email: string; passwordHash: string },
): Promise<boolean> {
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO app_user (role_id, first_name, last_name, email, password, active, verified)
     VALUES ($1, $2, $3, $4, $5, true, false)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [user.roleId, user.firstName, user.lastName, user.email, user.passwordHash],
  );
  return created !== undefined;
}

/** A new password hash for a user; the hash's stamp in session tokens then refuses every older token. */
export async function setPassword(db: Queryable, userId: number, hash: string) {
  await db.query('UPDATE app_user SET password = $1, updated = now() WHERE id = $2', [hash, userId]);
}
