import { ADMIN_ACCESS_LEVEL, HIERARCHY_LEVELS, type HierarchyLevel, type Scope } from '@greenpod/contracts';
import type { Queryable } from '../db/database';

/**
 * A role's scope: the union of its role-group .. role-pod bindings, each granting that node and
 * everything below it (docs/domain.md#scope). Administrators see everything.
 */
export async function loadScope(db: Queryable, roleId: number, accessLevel: number): Promise<Scope> {
  if (accessLevel >= ADMIN_ACCESS_LEVEL) return { all: true };
  const rows = await db.query<{ level: HierarchyLevel; id: number }>(
    HIERARCHY_LEVELS.map((l) => `SELECT '${l}' AS level, ${l}_id AS id FROM role_${l} WHERE role_id = $1`).join(
      ' UNION ALL ',
    ),
    [roleId],
  );
  const ids = Object.fromEntries(HIERARCHY_LEVELS.map((l) => [l, [] as number[]])) as Record<HierarchyLevel, number[]>;
  for (const r of rows) ids[r.level].push(r.id);
  return { all: false, ids };
}
