import { dataTableParamsSchema, type ParsedDataTableParams, unhandledKind } from '@greenpod/contracts';
import type { SqlParam } from '../db/database';
import { badRequest, toValidationErrors } from '../http/errors';
import { MAX_RECORD_ID } from '../http/route-schemas';

/**
 * dataTableParams arrives as one JSON value or in bracket form (qs-parsed); both end here.
 * `filtersAtTop` names filters a caller may also write straight into dataTableParams rather than
 * inside its fetchParams (the dashboard's window and place, docs/api.md#dashboards): they are moved
 * into fetchParams before the one schema reads them, so both shapes answer alike.
 */
export function parseDataTableParams(
  raw: unknown,
  { filtersAtTop = [] }: { filtersAtTop?: readonly string[] } = {},
): ParsedDataTableParams {
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
  const parsed = dataTableParamsSchema.safeParse(liftFilters(value as Record<string, unknown>, filtersAtTop));
  if (!parsed.success) throw badRequest('Invalid dataTableParams', toValidationErrors(parsed.error.issues));
  return parsed.data;
}

/** Moves the named top-level keys into fetchParams; the same key in both with two values is a 400. */
function liftFilters(value: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const lifted = Object.entries(value).filter(([k]) => names.includes(k));
  if (!lifted.length) return value;
  const inner = value.fetchParams;
  // A fetchParams that is no object is left as it is for the schema to name.
  if (inner !== undefined && (typeof inner !== 'object' || inner === null || Array.isArray(inner))) return value;
  const fetchParams: Record<string, unknown> = { ...(inner as Record<string, unknown> | undefined) };
  for (const [key, v] of lifted) {
    if (key in fetchParams && String(fetchParams[key]) !== String(v))
      throw badRequest(`${key} is given twice with two values`, {
        [key]: ['Give it once, in dataTableParams or in its fetchParams'],
      });
    fetchParams[key] = v;
  }
  const rest = Object.fromEntries(Object.entries(value).filter(([k]) => !names.includes(k)));
  return { ...rest, fetchParams };
}

/** How a filter value is read: a record id, a number, a flag, or text as sent. */
export type FilterKind = 'id' | 'number' | 'flag' | 'text';

/**
 * What one list reads, in SQL: a CRUD resource (crud/resource-list.ts) and the aggregated data
 * (aggregates/aggregate-list.ts) each describe theirs, and buildListSql does the rest for both, so
 * search, filters, sort, paging and their 400s are the same on every list. Every name in here is
 * the server's own; nothing from the request reaches SQL except as a parameter.
 */
export interface ListSource {
  /** "table t JOIN ...": the listed table is always `t`, its id `t.id` breaks ties. */
  from: string;
  select: string;
  /** SQL expression of every key search, filter and sort may name. */
  expr: Readonly<Record<string, string>>;
  /** Searched when no searchField is given, and by baseSearch. */
  searchable: readonly string[];
  /** What searchField may name. */
  searchFields: readonly string[];
  /** What fetchParams may name, and how each value is read. */
  filters: Readonly<Record<string, FilterKind>>;
  sortable: readonly string[];
  defaultSort: { key: string; direction: 'ASC' | 'DESC' };
  /**
   * Never-NULL columns sorted on their raw expression (dates rather than their formatted text) and
   * without NULLS LAST, so an index on them serves a DESC page (migration 013).
   */
  rawSort: Readonly<Record<string, string>>;
}

const BOOLEANS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

/** A filter value in the column's own type, so a bad one is a 400 here and never a driver error. */
function filterValue(kind: FilterKind, key: string, value: string | number | boolean): SqlParam {
  const bad = (expected: string) =>
    badRequest(`fetchParams.${key} must be ${expected}`, { fetchParams: [`${key} must be ${expected}`] });
  switch (kind) {
    case 'flag': {
      const b = BOOLEANS[String(value).toLowerCase()];
      if (b === undefined) throw bad('true or false');
      return b;
    }
    case 'id':
    case 'number': {
      const n = typeof value === 'number' ? value : String(value).trim() === '' ? Number.NaN : Number(value);
      if (!Number.isFinite(n) || (kind === 'id' && (!Number.isInteger(n) || Math.abs(n) > MAX_RECORD_ID)))
        throw bad('a number');
      return n;
    }
    case 'text':
      return String(value);
    default:
      return unhandledKind(kind);
  }
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListSql {
  rows: string;
  /** "FROM ... WHERE ..." of the page, for its bounded total. */
  fromWhere: string;
  params: SqlParam[];
  /** The parameters `fromWhere` uses: `params` without those of the ordering alone. */
  countParams: SqlParam[];
  skip: number;
  limit: number;
}

/** The conditions a list starts from (scope, owner, granularity) and the parameters they use. */
export interface ListBase {
  where: string[];
  params: SqlParam[];
  /**
   * An ORDER BY term placed before the requested sort (the tips page's urgent tips first, whatever the sort),
   * written by the server from its own names; what it compares goes through `add`, as a parameter that only
   * the page's statement carries (its total counts without it).
   */
  orderFirst?: (add: (v: SqlParam) => string) => string;
}

/** Builds a page query and what its total counts from a list's source and the request's dataTableParams. */
export function buildListSql(source: ListSource, p: ParsedDataTableParams, base: ListBase): ListSql {
  const params = [...base.params];
  const where = [...base.where];
  const add = (v: SqlParam) => {
    params.push(v);
    return `$${params.length}`;
  };
  const { expr, searchable } = source;

  if (p.searchWord) {
    const field = p.searchField ?? null;
    if (field && !source.searchFields.includes(field)) {
      throw badRequest(`Cannot search on ${field}`, {
        searchField: [`Choose one of: ${source.searchFields.join(', ')}`],
      });
    }
    const fields = field ? [field] : searchable;
    if (fields.length) {
      const word = add(escapeLike(p.searchWord));
      where.push(`(${fields.map((f) => `${expr[f]}::text ILIKE ${word}`).join(' OR ')})`);
    }
  }
  if (p.baseSearch && searchable.length) {
    const word = add(escapeLike(p.baseSearch));
    where.push(`(${searchable.map((f) => `${expr[f]}::text ILIKE ${word}`).join(' OR ')})`);
  }
  for (const [key, value] of Object.entries(p.fetchParams ?? {})) {
    const kind = Object.hasOwn(source.filters, key) ? source.filters[key] : undefined;
    if (!kind) throw badRequest(`Cannot filter on ${key}`, { fetchParams: [`Unknown field ${key}`] });
    if (value === null) where.push(`${expr[key]} IS NULL`);
    else where.push(`${expr[key]} = ${add(filterValue(kind, key, value))}`);
  }

  const sortKey = p.colKey ?? source.defaultSort.key;
  if (!source.sortable.includes(sortKey)) {
    throw badRequest(`Cannot sort on ${sortKey}`, { colKey: [`Choose one of: ${source.sortable.join(', ')}`] });
  }
  const direction = p.sortDirection ?? (p.colKey ? 'ASC' : source.defaultSort.direction);
  const raw = Object.hasOwn(source.rawSort, sortKey) ? source.rawSort[sortKey] : undefined;
  const requested = raw ? `${raw} ${direction}` : `${expr[sortKey]} ${direction} NULLS LAST`;
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const countParams = [...params];
  const order = base.orderFirst ? `${base.orderFirst(add)}, ${requested}` : requested;
  const skip = (p.offset - 1) * p.paging;
  return {
    rows: `SELECT ${source.select} FROM ${source.from} ${whereSql} ORDER BY ${order}, t.id ${direction} LIMIT ${p.paging} OFFSET ${skip}`,
    fromWhere: `FROM ${source.from} ${whereSql}`,
    params,
    countParams,
    skip,
    limit: p.paging,
  };
}
