import { z } from 'zod';

/** Query of every list call (API.md "List protocol"). */
export const dataTableParamsSchema = z
  .object({
    searchField: z.string().max(64).optional(),
    searchWord: z.string().max(200).optional(),
    baseSearch: z.string().max(200).optional(),
    fetchParams: z.record(z.string(), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
    colKey: z.string().max(64).optional(),
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

export interface Paging {
  skip: number;
  limit: number;
  total: number;
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
