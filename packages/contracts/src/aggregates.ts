import { z } from 'zod';

/** Aggregation periods of the daily, weekly and monthly data (docs/domain.md#aggregates). */
export const GRANULARITIES = ['daily', 'weekly', 'monthly'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The measured values of one row, in list order; each is null when the pod sent none in the period. */
export const AGGREGATE_VALUE_FIELDS = [
  'electricity',
  'electricitySum',
  'temperature',
  'water',
  'waterSum',
  'motion',
  'pressure',
  'humidity',
  'ambientLight',
] as const;
export type AggregateValueField = (typeof AGGREGATE_VALUE_FIELDS)[number];

/** The unit of the sums, for the OpenAPI document; the other values are means in the sensor's unit. */
const VALUE_NOTES: Partial<Record<AggregateValueField, string>> = {
  electricitySum: 'kWh in the period',
  waterSum: 'litres in the period',
};
const valueSchema = (key: AggregateValueField) => {
  const schema = z.number().nullable();
  const note = VALUE_NOTES[key];
  return note ? schema.describe(note) : schema;
};

/** One row of GET /api/{daily,weekly,monthly}-data (docs/api.md#aggregates). */
export const aggregateRowSchema = z.object({
  id: z.number(),
  podId: z.number(),
  podTitle: z.string(),
  podsIdentifier: z.string(),
  ...(Object.fromEntries(AGGREGATE_VALUE_FIELDS.map((key) => [key, valueSchema(key)])) as Record<
    AggregateValueField,
    z.ZodNullable<z.ZodNumber>
  >),
  created: z.string().describe("the period's start, yyyy-MM-dd HH:mm:ss UTC"),
});
export type AggregateRow = z.infer<typeof aggregateRowSchema>;

/**
 * The columns the daily, weekly and monthly lists show until the viewer chooses others: the pod, the energy and
 * water figures, the temperature and the period. The rest wait behind the list's column chooser.
 */
export const AGGREGATE_DEFAULT_COLUMNS: readonly (keyof AggregateRow)[] = [
  'podTitle',
  'podsIdentifier',
  'electricity',
  'electricitySum',
  'temperature',
  'water',
  'waterSum',
  'created',
];

/** List protocol whitelists: the server searches, sorts and filters only on these; default order created DESC. */
export const AGGREGATE_SEARCHABLE = ['podTitle', 'podsIdentifier'] as const;
export const AGGREGATE_SORTABLE = [
  'podId',
  'podTitle',
  'podsIdentifier',
  ...AGGREGATE_VALUE_FIELDS,
  'created',
] as const;
/** fetchParams may narrow a list to one pod. */
export const AGGREGATE_FILTERABLE = ['podId'] as const;
export const AGGREGATE_DEFAULT_SORT = { key: 'created', direction: 'DESC' } as const;

/** What Generate and Delete answer: how many rows were made or removed. */
export interface AggregateGenerateResult {
  generated: number;
}
export interface AggregateDeleteResult {
  deleted: number;
}
