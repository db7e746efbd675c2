import { checkApplies, columnName, type Resource, type RowCheck } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import { badRequest, type ValidationErrors } from '../http/errors';
import type { HookContext, Values } from './hooks';
import { q, tableOf } from './tables';

/**
 * The resource's checks across fields (a rule's threshold against its sensor's type), on the row as it
 * will be: the fields sent over the stored ones. A create runs them all, an update those whose inputs
 * it changes. Every failed check is a 400 on its field; nothing is written.
 */
export async function checkRow(resource: Resource, values: Values, { tx, existing }: HookContext) {
  const row = { ...existing, ...values };
  const errors: ValidationErrors = {};
  for (const check of resource.checks ?? []) {
    if (!checkApplies(check, values, existing)) continue;
    const problem = check.problem(row, await lookUp(tx, resource, check, row));
    if (problem) errors[check.field] = [problem];
  }
  const messages = Object.values(errors).flat();
  if (messages.length === 1) throw badRequest(messages[0] as string, errors);
  if (messages.length > 1) throw badRequest('Please check the highlighted fields', errors);
}

/** The column a check reads from the row its ref points at (the sensor row's type); null when none. */
async function lookUp(tx: Queryable, resource: Resource, check: RowCheck, row: Values): Promise<unknown> {
  if (!check.lookup) return null;
  const ref = resource.fields[check.lookup.via];
  const id = row[check.lookup.via];
  if (ref?.kind !== 'ref' || id === null || id === undefined) return null;
  const [found] = await tx.query<{ value: unknown }>(
    `SELECT ${q(columnName(check.lookup.column))} AS value FROM ${q(tableOf(ref.entity))} WHERE id = $1`,
    [id as number],
  );
  return found?.value ?? null;
}
