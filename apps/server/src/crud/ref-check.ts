import { columnName, type Resource } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import { badRequest, type ValidationErrors } from '../http/errors';
import type { Values } from './hooks';
import { q, tableOf } from './tables';

/**
 * Every ref must point at an existing row, and a cascading ref must sit under its parent
 * (a client under the chosen group, a pod under the chosen client...). Nothing is written otherwise.
 */
export async function checkRefs(tx: Queryable, resource: Resource, values: Values, changed: readonly string[]) {
  const errors: ValidationErrors = {};
  const rows = new Map<string, Record<string, unknown>>();
  for (const [field, f] of Object.entries(resource.fields)) {
    if (f.kind !== 'ref' || values[field] == null) continue;
    const [row] = await tx.query(`SELECT * FROM ${q(tableOf(f.entity))} WHERE id = $1`, [values[field] as number]);
    if (!row) errors[field] = [`This ${f.label.toLowerCase()} does not exist`];
    else rows.set(field, row);
  }
  for (const [field, f] of Object.entries(resource.fields)) {
    if (f.kind !== 'ref' || !f.parent || errors[field] || errors[f.parent]) continue;
    if (!changed.includes(field) && !changed.includes(f.parent)) continue;
    const row = rows.get(field);
    const parentValue = values[f.parent];
    if (!row || parentValue == null) continue;
    const parentLabel = resource.fields[f.parent]?.label.toLowerCase() ?? f.parent;
    if (row[columnName(f.parent)] !== parentValue) {
      errors[field] = [`This ${f.label.toLowerCase()} does not belong to the chosen ${parentLabel}`];
    }
  }
  if (Object.keys(errors).length) throw badRequest('Please check the highlighted fields', errors);
}
