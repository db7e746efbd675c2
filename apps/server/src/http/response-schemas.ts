import { z } from 'zod';

/** The body of every error answer, as the one error handler sends it: declared once for every route's schema. */
export const errorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  validationErrors: z.record(z.string(), z.array(z.string())).optional(),
});

/** `response` entries for the error statuses a route can answer, all with the one error body. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema])) as Record<S, typeof errorSchema>;
}

/**
 * A success body whose other fields are not declared yet: documented as `success: true` plus more,
 * and passed through untouched (a loose object strips nothing), so declaring it changes no answer.
 */
export const successSchema = z.looseObject({ success: z.literal(true) });
