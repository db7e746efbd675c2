import type { ParsedDataTableParams } from '@greenpod/contracts';
import { z } from 'zod';
import { boundedTotal, type ListLimits, runList } from '../crud/list-total';
import type { Database, SqlParam } from '../db/database';
import { badRequest } from '../http/errors';
import type { Granularity } from './periods';

/** One row of the daily, weekly and monthly lists (docs/api.md#aggregates). */
export const aggregateRowSchema = z.object({
  id: z.number(),
  podId: z.number(),
  podTitle: z.string(),
  podsIdentifier: z.string(),
  electricity: z.number().nullable(),
  electricitySum: z.number().nullable().describe('kWh in the period'),
  temperature: z.number().nullable(),
  water: z.number().nullable(),
  waterSum: z.number().nullable().describe('litres in the period'),
  motion: z.number().nullable(),
  pressure: z.number().nullable(),
  humidity: z.number().nullable(),
  ambientLight: z.number().nullable(),
  created: z.string().describe("the period's start, yyyy-MM-dd HH:mm:ss UTC"),
});
export type AggregateRow = z.infer<typeof aggregateRowSchema>;

// API field -> SQL expression. Only these names reach SQL; everything from the request is a parameter.
const COLUMNS = {
  id: 'a.id',
  podId: 'a.pod_id',
  podTitle: 'p.title',
  podsIdentifier: 'p.identifier',
  electricity: 'a.electricity',
  electricitySum: 'a.electricity_sum',
  temperature: 'a.temperature',
  water: 'a.water',
  waterSum: 'a.water_sum',
  motion: 'a.motion',
  pressure: 'a.pressure',
  humidity: 'a.humidity',
  ambientLight: 'a.ambient_light',
  created: 'a.created',
} as const;
type Column = keyof typeof COLUMNS;

export const AGGREGATE_SORTABLE: readonly Column[] = Object.keys(COLUMNS).filter((c) => c !== 'id') as Column[];
const SEARCHABLE: readonly Column[] = ['podTitle', 'podsIdentifier'];
const FILTERABLE: readonly Column[] = ['podId'];

const SELECT = Object.entries(COLUMNS)
  .map(([key, expr]) =>
    key === 'created'
      ? `to_char(a.created AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS created`
      : `${expr} AS "${key}"`,
  )
  .join(', ');

const isColumn = (key: string, allowed: readonly Column[]): key is Column =>
  (allowed as readonly string[]).includes(key);
const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of a granularity's rows, newest period first unless asked otherwise (docs/api.md#lists). */
export async function listAggregates(
  db: Database,
  limits: ListLimits,
  granularity: Granularity,
  p: ParsedDataTableParams,
) {
  const params: SqlParam[] = [granularity];
  const add = (v: SqlParam) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['a.granularity = $1'];

  if (p.searchWord) {
    const field = p.searchField;
    let fields = SEARCHABLE;
    if (field) {
      if (!isColumn(field, SEARCHABLE)) {
        throw badRequest(`Cannot search on ${field}`, { searchField: [`Choose one of: ${SEARCHABLE.join(', ')}`] });
      }
      fields = [field];
    }
    const word = add(escapeLike(p.searchWord));
    where.push(`(${fields.map((f) => `${COLUMNS[f]} ILIKE ${word}`).join(' OR ')})`);
  }
  if (p.baseSearch) {
    const word = add(escapeLike(p.baseSearch));
    where.push(`(${SEARCHABLE.map((f) => `${COLUMNS[f]} ILIKE ${word}`).join(' OR ')})`);
  }
  for (const [key, value] of Object.entries(p.fetchParams ?? {})) {
    if (!isColumn(key, FILTERABLE))
      throw badRequest(`Cannot filter on ${key}`, { fetchParams: [`Unknown field ${key}`] });
    // An id that is not a whole number would be a database type error (a 500): refuse it here.
    const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
      throw badRequest(`${key} must be a record id`, { fetchParams: [`${key} must be a record id`] });
    }
    where.push(`${COLUMNS[key]} = ${add(id)}`);
  }

  const sortKey = p.colKey ?? 'created';
  if (!isColumn(sortKey, AGGREGATE_SORTABLE)) {
    throw badRequest(`Cannot sort on ${sortKey}`, { colKey: [`Choose one of: ${AGGREGATE_SORTABLE.join(', ')}`] });
  }
  const direction = p.sortDirection ?? (p.colKey ? 'ASC' : 'DESC');
  const skip = (p.offset - 1) * p.paging;
  const from = `FROM aggregated_data a JOIN pod p ON p.id = a.pod_id WHERE ${where.join(' AND ')}`;
  return runList(db, limits, async (tx) => {
    const data = await tx.query<AggregateRow>(
      `SELECT ${SELECT} ${from} ORDER BY ${COLUMNS[sortKey]} ${direction} NULLS LAST, a.id ${direction} LIMIT ${p.paging} OFFSET ${skip}`,
      params,
    );
    const total = await boundedTotal(tx, from, params, { skip, countLimit: limits.countLimit });
    return { data, paging: { skip, limit: p.paging, ...total } };
  });
}
