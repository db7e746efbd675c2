import { type ParsedDataTableParams, type Resource, type Scope, unhandledKind } from '@greenpod/contracts';
import type { SqlParam } from '../db/database';
import { buildListSql, type FilterKind, type ListSource, type ListSql } from './list-query';
import { compileSelect, scopeClause } from './select';

const sources = new Map<string, ListSource>();

/** How a resource's filter value is read: by its field's kind (a numeric choice is a number). */
function filterKind(resource: Resource, key: string): FilterKind {
  const f = resource.fields[key];
  if (key === 'id' || !f) return key === 'id' ? 'id' : 'text';
  switch (f.kind) {
    case 'ref':
      return 'id';
    case 'flag':
      return 'flag';
    case 'number':
      return 'number';
    case 'enum':
      return typeof f.values[0] === 'number' ? 'number' : 'text';
    case 'text':
    case 'tags':
    case 'shortcode':
      return 'text';
    default:
      return unhandledKind(f);
  }
}

/** A registry resource as a list source: its compiled select and the whitelists of its definition. */
export function resourceListSource(resource: Resource): ListSource {
  const hit = sources.get(resource.name);
  if (hit) return hit;
  const c = compileSelect(resource);
  const source: ListSource = {
    from: c.from,
    select: c.select,
    expr: c.expr,
    searchable: resource.searchable,
    searchFields: [
      ...resource.searchable,
      ...Object.entries(resource.joins ?? {})
        .filter(([, j]) => !j.numeric)
        .map(([key]) => key),
    ],
    filters: Object.fromEntries(resource.filterable.map((key) => [key, filterKind(resource, key)])),
    sortable: resource.sortable,
    defaultSort: resource.defaultSort ?? { key: 'id', direction: 'DESC' },
    rawSort: { created: 't.created', updated: 't.updated' },
  };
  sources.set(resource.name, source);
  return source;
}

/** A resource's page query, limited to what the caller may see: its scope or its own rows. */
export function resourceListSql(
  resource: Resource,
  p: ParsedDataTableParams,
  access: { scope?: Scope; ownerId?: number },
): ListSql {
  const c = compileSelect(resource);
  const params: SqlParam[] = [];
  const where: string[] = [];
  if (access.scope) {
    const clause = scopeClause(c, access.scope, params);
    if (clause) where.push(clause);
  }
  if (access.ownerId !== undefined && resource.ownerField) {
    params.push(access.ownerId);
    where.push(`${c.expr[resource.ownerField]} = $${params.length}`);
  }
  return buildListSql(resourceListSource(resource), p, { where, params });
}
