import { ADMIN_ACCESS_LEVEL } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import { conflict } from '../http/errors';

// Every change that can take administrator rights away queues on this one transaction-level lock
// ('GPAD'), so two administrators deactivating each other at once are checked one after the other:
// the second's count runs after the first committed and sees it. (PGlite is one session: no race.)
const LOCK = [0x47504144, 1];
const LAST_ADMIN =
  'This would remove the last active, verified administrator. Make another user an administrator first (a role with Level Of Access 50 or more).';

type Values = Record<string, unknown>;

/** Held until the transaction ends; the seed takes it too, so starts and admin edits queue. */
export async function lockAdministrators(tx: Queryable) {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', LOCK);
}

// The administrators who can sign in: active, verified users of a role at the administrator level
// ($1 is ADMIN_ACCESS_LEVEL). Both the last-administrator rule and the start-up restore count these.
const ACTIVE_ADMINISTRATORS = `FROM app_user u JOIN role r ON r.id = u.role_id
  WHERE r.access_level >= $1 AND u.active AND u.verified`;

/** Active, verified users of an administrator role, leaving out one user or one role's users. */
async function otherAdministrators(tx: Queryable, leaveOut: { userId: number } | { roleId: number }) {
  await lockAdministrators(tx);
  const [column, id] = 'userId' in leaveOut ? ['u.id', leaveOut.userId] : ['u.role_id', leaveOut.roleId];
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n ${ACTIVE_ADMINISTRATORS} AND ${column} <> $2`,
    [ADMIN_ACCESS_LEVEL, id],
  );
  return row?.n ?? 0;
}

/** Whether any active, verified administrator exists; run under lockAdministrators. */
export async function hasActiveAdministrator(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 ${ACTIVE_ADMINISTRATORS}) AS found`, [
    ADMIN_ACCESS_LEVEL,
  ]);
  return row?.found === true;
}

/**
 * Run in a user update's transaction, before the write: refuses (409) a change that would leave no
 * active, verified administrator. Only changes of the role, active or verified can do that.
 */
export async function keepAdministratorOnUserUpdate(tx: Queryable, existing: Values, changes: Values) {
  if (changes.roleId === undefined && changes.active === undefined && changes.verified === undefined) return;
  if ((await otherAdministrators(tx, { userId: existing.id as number })) > 0) return;
  const after = { ...existing, ...changes };
  const [role] = await tx.query<{ admin: boolean }>('SELECT access_level >= $1 AS admin FROM role WHERE id = $2', [
    ADMIN_ACCESS_LEVEL,
    after.roleId as number,
  ]);
  if (!(after.active === true && after.verified === true && role?.admin)) throw conflict(LAST_ADMIN);
}

export async function keepAdministratorOnUserDelete(tx: Queryable, userId: number) {
  if ((await otherAdministrators(tx, { userId })) === 0) throw conflict(LAST_ADMIN);
}

/** A role's level of access below 50 demotes every user holding it (and a deleted role holds nobody). */
export async function keepAdministratorOnRoleChange(tx: Queryable, roleId: number, accessLevel: number | null) {
  if (accessLevel !== null && accessLevel >= ADMIN_ACCESS_LEVEL) return;
  if ((await otherAdministrators(tx, { roleId })) === 0) throw conflict(LAST_ADMIN);
}
