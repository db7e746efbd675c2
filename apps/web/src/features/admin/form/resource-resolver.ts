import { checkApplies, type Resource, type RowCheck } from '@greenpod/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { QueryClient } from '@tanstack/react-query';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { optionsQuery, type Row } from '../resource-api';
import { type FormField, type FormMode, type FormValues, formSchema, parentOf } from './form-model';

/** Nothing to say: the looked-up row could not be read, so the server's answer decides. */
const UNKNOWN = Symbol('unknown');

/**
 * The resolver of a resource form: the resource's schema, then its row checks (docs/decisions/0024-row-checks.md),
 * so a rule's threshold outside its sensor's range is said under the field before anything is sent.
 * A check runs on the inputs as typed (strings) unless its own field already failed the schema; on
 * update, only when one of its inputs differs from the stored row, as on the server.
 */
export function resourceResolver(
  resource: Resource,
  mode: FormMode,
  fields: readonly FormField[],
  queryClient: QueryClient,
  stored?: Row,
): Resolver<FormValues> {
  const schema = zodResolver(formSchema(resource, mode)) as Resolver<FormValues>;
  const checks = resource.checks ?? [];
  if (checks.length === 0) return schema;
  return async (values, context, options) => {
    const result = await schema(values, context, options);
    const errors: FieldErrors<FormValues> = { ...result.errors };
    for (const check of checks) {
      if (errors[check.field] || !checkApplies(check, values, stored)) continue;
      const looked = await lookUp(check, fields, values, queryClient);
      if (looked === UNKNOWN) continue;
      const message = check.problem(values, looked);
      if (message) errors[check.field] = { type: 'check', message };
    }
    return Object.keys(errors).length === 0 ? result : { values: {}, errors };
  };
}

/**
 * The column a check reads from the row its ref points at, taken from the options the ref's select
 * shows (the same query, so usually cached): the chosen sensor's type. Null when nothing is chosen;
 * UNKNOWN when the options cannot be read or do not hold the chosen row.
 */
async function lookUp(check: RowCheck, fields: readonly FormField[], values: FormValues, queryClient: QueryClient) {
  if (!check.lookup) return null;
  const { via, column } = check.lookup;
  const id = values[via];
  const def = fields.find((f) => f.key === via)?.def;
  if (id === '' || id === null || id === undefined || def?.kind !== 'ref') return null;
  const parentKey = parentOf(fields, def);
  const parent = parentKey ? { key: parentKey, value: Number(values[parentKey]) } : undefined;
  try {
    const options = await queryClient.ensureQueryData(optionsQuery(def.entity, parent));
    const row = options.data.find((r) => String(r.id) === String(id));
    return row ? (row[column] ?? null) : UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}

/** The fields whose checks read `key` (a rule's threshold reads its sensor), to check again when it changes. */
export function checkedWith(resource: Resource, key: string): string[] {
  return (resource.checks ?? []).filter((c) => c.field !== key && c.inputs.includes(key)).map((c) => c.field);
}
