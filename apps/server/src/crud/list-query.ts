import {
  dataTableParamsSchema,
  type ParsedDataTableParams,
  type Resource,
  type Scope,
  unhandledKind,
} from '@greenpod/contracts';
import type { SqlParam } from '../db/database';
import { badRequest, toValidationErrors } from '../http/errors';
import { type CompiledSelect, compileSelect, scopeClause } from './select';

/** dataTableParams arrives as one JSON value or in bracket form (qs-parsed); both end here. */
export function parseDataTableParams(raw: unknown): ParsedDataTableParams {
  let value = raw ?? {};
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw badRequest('dataTableParams is not valid JSON');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('dataTableParams must be an object');
  }
  const parsed = dataTableParamsSchema.safeParse(value);
  if (!parsed.success) throw badRequest('Invalid dataTableParams', toValidationErrors(parsed.error.issues));
  return parsed.data;
}

const BOOLEANS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };
const MAX_INT = 2_147_483_647;

/** A filter value in the column's own type, so a bad one is a 400 here and never a driver error. */
function filterValue(resource: Resource, key: string, value: string | number | boolean): SqlParam {
  const bad = (expected: string) =>
    badRequest(`fetchParams.${key} must be ${expected}`, { fetchParams: [`${key} must be ${expected}`] });
  const numeric = (id: boolean) => {
    const n = typeof value === 'number' ? value : String(value).trim() === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(n) || (id && (!Number.isInteger(n) || Math.abs(n) > MAX_INT))) throw bad('a number');
    return n;
  };
  const f = resource.fields[key];
  if (key === 'id' || !f) return key === 'id' ? numeric(true) : String(value);
  switch (f.kind) {
    case 'flag': {
      const b = BOOLEANS[String(value).toLowerCase()];
      if (b === undefined) throw bad('true or false');
      return b;
    }
    case 'ref':
      return numeric(true);
    case 'number':
      return numeric(false);
    case 'enum':
      return typeof f.values[0] === 'number' ? numeric(false) : String(value);
    case 'text':
    case 'tags':
    case 'shortcode':
      return String(value);
    default:
      return unhandledKind(f);
  }
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListSql {
  rows: string;
  /** "FROM ... WHERE ..." of the page, for its bounded total. */
  fromWhere: string;
  params: SqlParam[];
  skip: number;
  limit: number;
}

/** Builds the page query and what its total counts; every column name comes from the resource's whitelists. */
export function buildListSql(
  resource: Resource,
  p: ParsedDataTableParams,
  access: { scope?: Scope; ownerId?: number },
): ListSql {
  const c: CompiledSelect = compileSelect(resource);
  const params: SqlParam[] = [];
  const where: string[] = [];
  const add = (v: SqlParam) => {
    params.push(v);
    return `$${params.length}`;
  };

  if (access.scope) {
    const clause = scopeClause(c, access.scope, params);
    if (clause) where.push(clause);
  }
  if (access.ownerId !== undefined && resource.ownerField) {
    where.push(`${c.expr[resource.ownerField]} = ${add(access.ownerId)}`);
  }
  const searchable = [...resource.searchable, ...Object.keys(resource.joins ?? {})];
  if (p.searchWord) {
    const field = p.searchField ?? null;
    if (field && !searchable.includes(field)) {
      throw badRequest(`Cannot search on ${field}`, { searchField: [`Choose one of: ${searchable.join(', ')}`] });
    }
    const fields = field ? [field] : resource.searchable;
    if (fields.length) {
      const word = add(escapeLike(p.searchWord));
      where.push(`(${fields.map((f) => `${c.expr[f]}::text ILIKE ${word}`).join(' OR ')})`);
    }
  }
  if (p.baseSearch && resource.searchable.length) {
    const word = add(escapeLike(p.baseSearch));
    where.push(`(${resource.searchable.map((f) => `${c.expr[f]}::text ILIKE ${word}`).join(' OR ')})`);
  }
  for (const [key, value] of Object.entries(p.fetchParams ?? {})) {
    if (!resource.filterable.includes(key)) {
      throw badRequest(`Cannot filter on ${key}`, { fetchParams: [`Unknown field ${key}`] });
    }
    if (value === null) where.push(`${c.expr[key]} IS NULL`);
    else where.push(`${c.expr[key]} = ${add(filterValue(resource, key, value))}`);
  }

  const sortKey = p.colKey ?? resource.defaultSort?.key ?? 'id';
  if (!resource.sortable.includes(sortKey)) {
    throw badRequest(`Cannot sort on ${sortKey}`, { colKey: [`Choose one of: ${resource.sortable.join(', ')}`] });
  }
  const direction = p.sortDirection ?? (p.colKey ? 'ASC' : (resource.defaultSort?.direction ?? 'DESC'));
  // Sort on the raw column (not its formatted text) so dates order by time; id breaks ties. Those
  // two are never NULL, and without NULLS LAST an index on them serves a DESC page (migration 013).
  const system = sortKey === 'created' || sortKey === 'updated';
  const sortExpr = system ? `t.${sortKey}` : `${c.expr[sortKey]}`;
  const nulls = system ? '' : ' NULLS LAST';
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const skip = (p.offset - 1) * p.paging;
  return {
    rows: `SELECT ${c.select} FROM ${c.from} ${whereSql} ORDER BY ${sortExpr} ${direction}${nulls}, t.id ${direction} LIMIT ${p.paging} OFFSET ${skip}`,
    fromWhere: `FROM ${c.from} ${whereSql}`,
    params,
    skip,
    limit: p.paging,
  };
}
