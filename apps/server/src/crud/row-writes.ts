import { columnName, type Resource } from '@greenpod/contracts';
import type { Queryable, SqlParam } from '../db/database';
import { conflict } from '../http/errors';
import { afterCreate, beforeWrite, type Values } from './hooks';
import { checkRefs } from './ref-check';
import { q } from './tables';

/** 409 when another row already holds a `unique` field (or field combination) of these values. */
export async function assertUnique(tx: Queryable, resource: Resource, values: Values, id?: number) {
  for (const spec of resource.unique ?? []) {
    const fields = spec.split('+');
    if (fields.some((f) => values[f] == null)) continue;
    const params: SqlParam[] = fields.map((f) => values[f] as SqlParam);
    const cond = fields.map((f, i) => `${q(columnName(f))} = $${i + 1}`);
    if (id !== undefined) {
      params.push(id);
      cond.push(`id <> $${params.length}`);
    }
    const [dup] = await tx.query(`SELECT 1 FROM ${q(resource.table)} WHERE ${cond.join(' AND ')} LIMIT 1`, params);
    if (dup) {
      const labels = fields.map((f) => resource.fields[f]?.label ?? f).join(' and ');
      const message = `A ${resource.label.toLowerCase()} with this ${labels.toLowerCase()} already exists`;
      throw conflict(message, Object.fromEntries(fields.map((f) => [f, [message]])));
    }
  }
}

/** Inserts (no id) or updates the stored fields present in `values`; column names come from the registry. */
export async function insertOrUpdate(tx: Queryable, resource: Resource, values: Values, id?: number) {
  const table = q(resource.table);
  const fields = resource.storedFields.filter((f) => values[f] !== undefined);
  const params = fields.map((f) => values[f] as SqlParam);
  if (id === undefined) {
    const cols = fields.map((f) => q(columnName(f))).join(', ');
    const marks = fields.map((_, i) => `$${i + 1}`).join(', ');
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO ${table} (${cols}) VALUES (${marks}) RETURNING id`,
      params,
    );
    return (row as { id: number }).id;
  }
  const sets = fields.map((f, i) => `${q(columnName(f))} = $${i + 1}`);
  sets.push('updated = now()');
  params.push(id);
  await tx.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE id = $${params.length}`, params);
  return id;
}

/**
 * The one way a row is made, by the API and by the demo seed: refs and their cascade checked, the
 * entity's hooks run (shortcodes, password hash, ingest key), uniqueness kept. `body` has passed the
 * resource's create schema. Returns the id and the one-time secrets made with the row.
 */
export async function createRow(tx: Queryable, resource: Resource, body: Values) {
  const values = { ...body };
  await checkRefs(tx, resource, values, Object.keys(values));
  await beforeWrite(resource, values, { tx, mode: 'create' });
  await assertUnique(tx, resource, values);
  const id = await insertOrUpdate(tx, resource, values);
  return { id, secrets: await afterCreate(resource, tx, id) };
}
