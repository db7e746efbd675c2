import { columnName, type FieldDef, type Resource } from '@greenpod/contracts';
import { createRow } from '../crud/row-writes';
import { q } from '../crud/tables';
import type { Queryable } from '../db/database';

/** A create body naming only the resource's own fields: a misspelt or renamed field does not compile. */
export type SeedBody<F> = { [K in keyof F]?: unknown };

/**
 * Makes one row the way POST /api/<name> does (create schema, refs and cascade, hooks, uniqueness),
 * inside the seed's transaction, so the seed cannot drift from the registry. Returns the id and the
 * one-time secrets (a pod's ingest key).
 */
export function seedRow<N extends string, F extends Record<string, FieldDef>>(
  tx: Queryable,
  resource: Resource<N, F>,
  body: SeedBody<F>,
) {
  return createRow(tx, resource, resource.createSchema.parse(body));
}

/**
 * `<table> (<columns>)` of a bulk `INSERT ... SELECT`, every column named from the registry: for the
 * rows a seed writes by the hundred (sensor links, rules, alerts, tariffs) in one statement.
 */
export function insertTarget<F extends Record<string, FieldDef>>(
  resource: Resource<string, F>,
  fields: readonly (keyof F & string)[],
): string {
  for (const f of fields)
    if (!resource.storedFields.includes(f)) throw new Error(`${resource.name} does not store ${f}`);
  return `${q(resource.table)} (${fields.map((f) => q(columnName(f))).join(', ')})`;
}
