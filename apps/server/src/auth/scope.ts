import {
  ADMIN_ACCESS_LEVEL,
  columnName,
  HIERARCHY_LEVELS,
  type HierarchyLevel,
  type Resource,
  type Scope,
} from '@greenpod/contracts';
import type { Queryable, SqlParam } from '../db/database';

// A role's bindings at one level: role_<level>(role_id, <level>_id), role_group .. role_pod.
const bindingTable = (level: HierarchyLevel) => `role_${level}`;
const boundColumn = (level: HierarchyLevel) => `${level}_id`;

/**
 * A role's scope: the union of its role-group .. role-pod bindings, each granting that node and
 * everything below it (docs/domain.md#scope). Administrators see everything.
 */
export async function loadScope(db: Queryable, roleId: number, accessLevel: number): Promise<Scope> {
  if (accessLevel >= ADMIN_ACCESS_LEVEL) return { all: true };
  const rows = await db.query<{ level: HierarchyLevel; id: number }>(
    HIERARCHY_LEVELS.map(
      (l) => `SELECT '${l}' AS level, ${boundColumn(l)} AS id FROM ${bindingTable(l)} WHERE role_id = $1`,
    ).join(' UNION ALL '),
    [roleId],
  );
  const ids = Object.fromEntries(HIERARCHY_LEVELS.map((l) => [l, [] as number[]])) as Record<HierarchyLevel, number[]>;
  for (const r of rows) ids[r.level].push(r.id);
  return { all: false, ids };
}

/** Per level, SQL naming the node a row sits under there, or is: group_id .. area_id and its own id for a pod. */
export type LevelIds = Partial<Record<HierarchyLevel, string>>;

/** The level ids a row of `resource` (as `alias`) holds in its own columns. */
export function levelIdsOf(resource: Pick<Resource, 'levelFields'>, alias: string): LevelIds {
  const ids: LevelIds = {};
  for (const level of HIERARCHY_LEVELS) {
    const field = resource.levelFields[level];
    if (field) ids[level] = field === 'id' ? `${alias}.id` : `${alias}."${columnName(field)}"`;
  }
  return ids;
}

/**
 * The scope rule (docs/domain.md#scope), the one place it is written: a binding grants its node and
 * everything below it, so a row is covered when, at some level, the node it sits under (or is) there is
 * bound. `bound` says in SQL that an id is bound at a level; null when nothing can be.
 */
function covered(row: LevelIds, bound: (level: HierarchyLevel, id: string) => string | null): string {
  const parts = HIERARCHY_LEVELS.flatMap((level) => {
    const id = row[level];
    const sql = id === undefined ? null : bound(level, id);
    return sql ? [sql] : [];
  });
  return parts.length ? `(${parts.join(' OR ')})` : 'FALSE';
}

/** The rows a caller's scope covers, its bound ids as parameters; null when it covers everything. */
export function scopeCovers(row: LevelIds, scope: Scope, params: SqlParam[]): string | null {
  if (scope.all) return null;
  return covered(row, (level, id) => {
    const ids = scope.ids[level];
    if (ids.length === 0) return null;
    params.push(ids);
    return `${id} = ANY($${params.length}::int[])`;
  });
}

/** The inverse, "who sees this row": the roles (as `role`) it is in scope of, administrators' included. */
export function roleCovers(row: LevelIds, role: string): string {
  const bound = covered(
    row,
    (level, id) =>
      `EXISTS (SELECT 1 FROM ${bindingTable(level)} b WHERE b.role_id = ${role}.id AND b.${boundColumn(level)} = ${id})`,
  );
  return `(${role}.access_level >= ${ADMIN_ACCESS_LEVEL} OR ${bound})`;
}
