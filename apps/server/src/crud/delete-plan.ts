import { columnName, type DeletePreview, RESOURCES, type Resource, type RowCount } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import { conflict } from '../http/errors';
import { ownedCountsOf } from './hooks';
import { dependantsOf, q } from './tables';

/**
 * Which rows point at a record, split by its definition's `owns`: rows it owns go with it, any other
 * row pointing at it is structure and blocks the deletion (docs/domain.md#hierarchy). A resource that points
 * at it from several fields (a configuration's logos and favicon) counts each of its rows once.
 */
function dependants(resource: Resource) {
  const owns = new Set(resource.owns ?? []);
  const byResource = new Map<string, { resource: Resource; fields: string[]; owned: boolean }>();
  for (const { resource: dep, field } of dependantsOf(resource.name, RESOURCES)) {
    const entry = byResource.get(dep.name) ?? { resource: dep, fields: [], owned: owns.has(dep.name) };
    entry.fields.push(field);
    byResource.set(dep.name, entry);
  }
  return [...byResource.values()];
}

const pointsAt = (fields: string[]) => fields.map((f) => `${q(columnName(f))} = $1`).join(' OR ');

const countOf = async (tx: Queryable, dep: Resource, fields: string[], id: number) =>
  (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${q(dep.table)} WHERE ${pointsAt(fields)}`, [id]))[0]
    ?.n ?? 0;

const recordsOf = (dep: Resource, n: number) => `${dep.label.toLowerCase()}${n === 1 ? '' : ' records'}`;

/** What deleting row `id` would delete with it and what blocks it, counted. */
export async function deletePreview(tx: Queryable, resource: Resource, id: number): Promise<DeletePreview> {
  const deletes: RowCount[] = [];
  const blockedBy: RowCount[] = [];
  for (const { resource: dep, fields, owned } of dependants(resource)) {
    const count = await countOf(tx, dep, fields, id);
    if (count > 0) (owned ? deletes : blockedBy).push({ label: recordsOf(dep, count), count });
  }
  for (const extra of await ownedCountsOf(resource, tx, id)) if (extra.count > 0) deletes.push(extra);
  return { deletes, blockedBy };
}

/** 409 naming what still depends on row `id`, before anything is deleted. */
export async function refuseIfBlocked(tx: Queryable, resource: Resource, id: number): Promise<void> {
  const blocking: string[] = [];
  for (const { resource: dep, fields, owned } of dependants(resource)) {
    if (owned) continue;
    const n = await countOf(tx, dep, fields, id);
    if (n > 0) blocking.push(`${n} ${recordsOf(dep, n)}`);
  }
  if (blocking.length)
    throw conflict(`This ${resource.label.toLowerCase()} cannot be deleted: ${blocking.join(', ')} still depend on it`);
}

/** Deletes the registry rows row `id` owns (after its hooks removed what must go first, such as readings). */
export async function deleteOwnedRows(tx: Queryable, resource: Resource, id: number): Promise<void> {
  for (const { resource: dep, fields, owned } of dependants(resource))
    if (owned) await tx.query(`DELETE FROM ${q(dep.table)} WHERE ${pointsAt(fields)}`, [id]);
}
