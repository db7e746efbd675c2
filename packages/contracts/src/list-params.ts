import { z } from 'zod';
import { MESSAGES } from './messages';
import { hasForbiddenCharacters, plainText } from './plain-text';

// Every text a list query carries is one line: a NUL or a lone surrogate would reach SQL as a parameter.
const line = (max: number) => plainText(z.string().max(max));

/** Query of every list call (docs/api.md#lists). */
export const dataTableParamsSchema = z
  .object({
    searchField: line(64).optional(),
    searchWord: line(200).optional(),
    baseSearch: line(200).optional(),
    fetchParams: z
      .record(z.string().max(64), z.union([line(200), z.number(), z.boolean(), z.null()]))
      // On the record, not its key schema: a bad key would only say "Invalid key in record".
      .refine((o) => !Object.keys(o).some((k) => hasForbiddenCharacters(k)), MESSAGES.controlCharacters)
      .optional(),
    colKey: line(64).optional(),
    sortDirection: z
      .string()
      .transform((s) => s.toUpperCase())
      .pipe(z.enum(['ASC', 'DESC'], { error: 'sortDirection must be ASC or DESC' }))
      .optional(),
    paging: z.coerce.number().int().min(1).max(1000).default(10),
    offset: z.coerce.number().int().min(1).max(1_000_000).default(1),
  })
  .strict();
export type DataTableParams = z.input<typeof dataTableParamsSchema>;
export type ParsedDataTableParams = z.output<typeof dataTableParamsSchema>;

export const DEFAULT_PAGING = 10;
export const PAGE_SIZES = [10, 20, 30] as const;
export const DASHBOARD_PAGE_SIZES = [5, 10, 15, 20] as const;
export const PAGE_WINDOW = 5;

/**
 * Where a page sits in its list. Counting every matching row of a big table on each page would cost
 * more than the page, so past a limit `total` is a lower bound and `totalIsLowerBound` says so
 * (shown as "10,000+"); it is then always at least one limit past this page, so paging on works.
 */
export const pagingSchema = z.object({
  skip: z.number(),
  limit: z.number(),
  total: z.number(),
  totalIsLowerBound: z.boolean().describe('true when the list has at least `total` rows (it was not counted further)'),
});
export interface Paging {
  skip: number;
  limit: number;
  total: number;
  /** Absent on the few lists that always count exactly (the dashboard's). */
  totalIsLowerBound?: boolean;
}
export interface ListResponse<T> {
  success: true;
  data: T[];
  paging: Paging;
}
export interface ItemResponse<T> {
  success: true;
  data: T;
}
export interface ErrorResponse {
  success: false;
  error: string;
  validationErrors?: Record<string, string[]>;
}
