import { pagingSchema } from '@greenpod/contracts';
import { z } from 'zod';

/**
 * The pieces every route schema shares (the API's envelopes, paging, ids, the bearer entry), so a
 * route file says only what is its own and the OpenAPI document describes them all alike.
 */

/** The largest id a SERIAL column holds: a bigger one would be a database error rather than a 404. */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record id from a path or query string: a whole number from 1 to MAX_RECORD_ID. */
export const recordId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int()
    .positive()
    .max(MAX_RECORD_ID);

/** The `:id` of /api/<resource>/:id and its kin. */
export const idParams = z.object({ id: recordId('id') });

/** What every refused request answers (the one error handler builds it). */
export const errorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  validationErrors: z.record(z.string(), z.array(z.string())).optional(),
});

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;
/** The error envelope under each status a route may answer with, for its `response` map. */
export const errorResponses = <S extends ErrorStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorSchema])) as Record<S, typeof errorSchema>;

/** Routes that need a session token (`Authorization: Bearer <token>`), for the OpenAPI document. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The querystring of every list: dataTableParams as one JSON value or in bracket form (parsed later). */
export const listQuerystring = z.object({ dataTableParams: z.unknown().optional() }).loose();

/** `{ success: true, data }` around one record (or any payload). */
export const itemResponse = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** The paging of the few lists that always count exactly (the dashboard's cards): no lower bound. */
export const exactPagingSchema = pagingSchema.omit({ totalIsLowerBound: true });

/** `{ success: true, data: [...], paging }`: one page of a list. */
export const listResponse = <T extends z.ZodType>(row: T) =>
  z.object({ success: z.literal(true), data: z.array(row), paging: pagingSchema });

/** The success envelope a handler returns, typed so `success` stays the literal `true`. */
export const ok = <T>(data: T) => ({ success: true as const, data });
/** The success envelope of one list page: `{ success: true, data, paging }`. */
export const okPage = <P extends { data: unknown[] }>(page: P) => ({ success: true as const, ...page });
/** `{ success: true }` alone, for a call that answers nothing else (a delete). */
export const okEmpty = () => ({ success: true as const });

/** `{ success: true }` alone, as a response schema. */
export const emptyResponse = z.object({ success: z.literal(true) });

/**
 * A success body whose other fields are not declared yet: documented as `success: true` plus more,
 * and passed through untouched (a loose object strips nothing), so declaring it changes no answer.
 */
export const successSchema = z.looseObject({ success: z.literal(true) });

/** A group's or client's shortcode as a path parameter (docs/domain.md#hierarchy). */
export const shortcode = z
  .string()
  .length(12, 'A shortcode has 12 characters')
  .regex(/^[\w-]+$/, 'Not a shortcode');
