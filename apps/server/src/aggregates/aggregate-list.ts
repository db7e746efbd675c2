import {
  AGGREGATE_DEFAULT_SORT,
  AGGREGATE_FILTERABLE,
  AGGREGATE_SEARCHABLE,
  AGGREGATE_SORTABLE,
  type AggregateRow,
  type Granularity,
  type ParsedDataTableParams,
} from '@greenpod/contracts';
import { buildListSql, type ListSource } from '../crud/list-query';
import { type ListLimits, readListPage } from '../crud/list-total';
import type { Database } from '../db/database';
import { wireTimeSql } from '../db/wire-time-sql';

// Row key -> SQL expression; typed on the row so a key added to the contract must be mapped here.
const COLUMNS: Record<keyof AggregateRow, string> = {
  id: 't.id',
  podId: 't.pod_id',
  podTitle: 'p.title',
  podsIdentifier: 'p.identifier',
  electricity: 't.electricity',
  electricitySum: 't.electricity_sum',
  temperature: 't.temperature',
  water: 't.water',
  waterSum: 't.water_sum',
  motion: 't.motion',
  pressure: 't.pressure',
  humidity: 't.humidity',
  ambientLight: 't.ambient_light',
  created: 't.created',
};

/** The aggregated data as a list source: the whitelists come from the contract the web builds its table from. */
const SOURCE: ListSource = {
  from: 'aggregated_data t JOIN pod p ON p.id = t.pod_id',
  select: Object.entries(COLUMNS)
    .map(([key, expr]) => (key === 'created' ? `${wireTimeSql(expr)} AS created` : `${expr} AS "${key}"`))
    .join(', '),
  expr: COLUMNS,
  searchable: AGGREGATE_SEARCHABLE,
  searchFields: AGGREGATE_SEARCHABLE,
  filters: Object.fromEntries(AGGREGATE_FILTERABLE.map((key) => [key, 'id'])),
  sortable: AGGREGATE_SORTABLE,
  defaultSort: AGGREGATE_DEFAULT_SORT,
  // A period's start is never NULL; sorted raw, the (granularity, created) index serves the default page.
  rawSort: { created: COLUMNS.created },
};

/** One page of a granularity's rows, newest period first unless asked otherwise; the list protocol of every list. */
export function listAggregates(db: Database, limits: ListLimits, granularity: Granularity, p: ParsedDataTableParams) {
  const sql = buildListSql(SOURCE, p, { where: ['t.granularity = $1'], params: [granularity] });
  return readListPage<AggregateRow>(db, limits, sql);
}
