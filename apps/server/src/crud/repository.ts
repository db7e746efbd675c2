import type { ParsedDataTableParams, Resource } from '@greenpod/contracts';
import type { Caller } from '../auth/caller';
import type { Config } from '../config';
import type { Database, Queryable, SqlParam } from '../db/database';
import { notFound } from '../http/errors';
import { deleteOwnedRows, deletePreview, refuseIfBlocked } from './delete-plan';
import {
  afterDelete,
  afterUpdate,
  beforeDelete,
  beforeWrite,
  clearOwned,
  listTotalHook,
  prepareDelete,
  type Values,
} from './hooks';
import { type ListLimits, readListPage } from './list-total';
import { checkRefs } from './ref-check';
import { resourceListSql } from './resource-list';
import { assertUnique, createRow, insertOrUpdate } from './row-writes';
import { compileSelect, scopeClause } from './select';
import { q } from './tables';

/** What a caller may see of a resource: the scope filter or the owner filter, or everything. */
function accessFilter(resource: Resource, caller: Caller) {
  if (caller.isAdmin || resource.access.read === 'authenticated') return {};
  if (resource.access.read === 'own') return { ownerId: caller.userId };
  return { scope: caller.scope };
}

/** Keeps exactly the fields the row schema names: nothing else reaches a response. */
export function present(resource: Resource, row: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(resource.rowSchema.shape)) out[key] = row[key] ?? null;
  return out;
}

export function createRepository(
  db: Database,
  resource: Resource,
  limits: ListLimits & { retentionDays?: number; config: Config },
) {
  const compiled = compileSelect(resource);
  const table = q(resource.table);
  const listTotal = listTotalHook(resource);

  async function findVisible(tx: Queryable, id: number, caller: Caller) {
    const params: SqlParam[] = [id];
    const where = ['t.id = $1'];
    const access = accessFilter(resource, caller);
    if (access.scope) {
      const clause = scopeClause(compiled, access.scope, params);
      if (clause) where.push(clause);
    }
    if (access.ownerId !== undefined && resource.ownerField) {
      params.push(access.ownerId);
      where.push(`${compiled.expr[resource.ownerField]} = $${params.length}`);
    }
    const [row] = await tx.query(
      `SELECT ${compiled.select} FROM ${compiled.from} WHERE ${where.join(' AND ')}`,
      params,
    );
    if (!row) throw notFound(resource.label);
    return row;
  }

  return {
    async list(p: ParsedDataTableParams, caller: Caller) {
      const access = accessFilter(resource, caller);
      const { countLimit, retentionDays } = limits;
      const page = await readListPage<Record<string, unknown>>(
        db,
        limits,
        resourceListSql(resource, p, access),
        listTotal ? (tx) => listTotal(tx, p, access, { countLimit, retentionDays }) : undefined,
      );
      return { data: page.data.map((r) => present(resource, r)), paging: page.paging };
    },

    async read(id: number, caller: Caller) {
      return present(resource, await findVisible(db, id, caller));
    },

    /** Returns the new row and any one-time secret made with it. */
    async create(body: Values, caller: Caller) {
      const { id, secrets } = await db.transaction((tx) => createRow(tx, resource, body));
      return { data: await this.read(id, caller), secrets };
    },

    async update(id: number, body: Values, caller: Caller) {
      await db.transaction(async (tx) => {
        const existing = await findVisible(tx, id, caller);
        const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
        const merged = { ...existing, ...changes };
        await checkRefs(tx, resource, merged, Object.keys(changes));
        await beforeWrite(resource, changes, { tx, mode: 'update', existing });
        await assertUnique(tx, resource, { ...merged, ...changes }, id);
        await insertOrUpdate(tx, resource, changes, id);
        await afterUpdate(resource, tx, id);
      });
      return this.read(id, caller);
    },

    /** What deleting row `id` would take with it and what blocks it, for a caller who may delete it. */
    async deletePreview(id: number, caller: Caller) {
      return db.transaction(async (tx) => {
        await findVisible(tx, id, caller);
        return deletePreview(tx, resource, id);
      });
    },

    /**
     * Structure pointing at the row blocks it (409, nothing deleted); what it owns goes with it. Many
     * owned rows (a pod's readings) go in batches between the first check and the final transaction,
     * which checks again.
     */
    async remove(id: number, caller: Caller) {
      await db.transaction(async (tx) => {
        await findVisible(tx, id, caller);
        await refuseIfBlocked(tx, resource, id);
        await prepareDelete(resource, tx, id);
      });
      await clearOwned(resource, db, id);
      const row = await db.transaction(async (tx) => {
        const visible = await findVisible(tx, id, caller);
        await refuseIfBlocked(tx, resource, id);
        await beforeDelete(resource, tx, id);
        await deleteOwnedRows(tx, resource, id);
        await tx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
        return visible;
      });
      await afterDelete(resource, row, limits.config);
    },
  };
}
export type Repository = ReturnType<typeof createRepository>;
