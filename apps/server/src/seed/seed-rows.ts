import type { FieldDef, Resource } from '@greenpod/contracts';
import { createRow } from '../crud/row-writes';
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
