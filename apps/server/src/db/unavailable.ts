/**
 * Whether an error means the database could not be reached or dropped the session (a restart, a
 * failover, a full server) or gave the transaction up for another's sake (a deadlock), not that the statement or its input was wrong: such a request is worth
 * repeating a few seconds later, so the API answers 503 with Retry-After (docs/api.md#errors).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return causes(err).some((e) => unavailableCode(e.code) || UNAVAILABLE_MESSAGES.some((m) => m.test(e.message)));
}

// PostgreSQL SQLSTATEs (Appendix A): the server shutting down or starting up, or out of connection slots.
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the session was ended by pg_ctl stop or pg_terminate_backend
  '57P02', // crash_shutdown: another backend crashed and the server is resetting
  '57P03', // cannot_connect_now: starting up, shutting down or in recovery
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded (a role's or database's connection limit)
  // The server ended this transaction so that another could go on: the same request succeeds when repeated.
  '40P01', // deadlock_detected (two instances' statements locking rollup rows in an order that crossed)
  '40001', // serialization_failure
]);

// What the operating system says of a socket to a server that is down, restarting or unreachable.
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

// pg's own errors for a connection that ended or never came, which carry no code.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /^Client network socket disconnected/,
];

function unavailableCode(code: string | undefined): boolean {
  if (!code) return false;
  // Class 08, connection exception: the connection failed or was lost.
  return code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code);
}

interface ErrorLike {
  code?: string;
  message: string;
}

/** The error, its causes and, for an AggregateError (one per address tried), each of its errors. */
function causes(err: unknown, depth = 0): ErrorLike[] {
  if (!(err instanceof Error) || depth > 4) return [];
  const code = (err as { code?: unknown }).code;
  const own: ErrorLike = { message: err.message, ...(typeof code === 'string' ? { code } : {}) };
  const nested = err instanceof AggregateError ? err.errors : [];
  return [own, ...[err.cause, ...nested].flatMap((e) => causes(e, depth + 1))];
}

/**
 * What the database layer throws instead of a driver error that isDatabaseUnavailable: one type the
 * error handler (and anyone else) can tell apart without knowing the driver. `code` is the driver's.
 */
export class DatabaseUnavailableError extends Error {
  readonly code?: string;

  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
    const code = (cause as { code?: unknown } | null)?.code;
    if (typeof code === 'string') this.code = code;
  }
}

/** Rethrows `err`, as a DatabaseUnavailableError when it says the database is out of reach. */
export function rethrowUnavailable(err: unknown): never {
  if (err instanceof DatabaseUnavailableError || !isDatabaseUnavailable(err)) throw err;
  throw new DatabaseUnavailableError(err);
}
