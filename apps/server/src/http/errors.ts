export type ValidationErrors = Record<string, string[]>;

/** Every expected failure: the one error handler turns it into the error shape of docs/api.md#errors. */
export class HttpError extends Error {
  /** Sent as Retry-After: a 503 that a repeat a few seconds later may well get past. */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly validationErrors?: ValidationErrors,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, validationErrors?: ValidationErrors) =>
  new HttpError(400, message, validationErrors);
export const unauthorized = (message = 'Please sign in') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
/** How long a client is asked to wait while the database is out of reach (a restart takes seconds). */
export const DATABASE_RETRY_AFTER_S = 5;

export const conflict = (message: string, validationErrors?: ValidationErrors) =>
  new HttpError(409, message, validationErrors);

/** Groups zod-style issues by their first path segment. */
export function toValidationErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const out: ValidationErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'body';
    const list = out[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    out[key] = list;
  }
  return out;
}
