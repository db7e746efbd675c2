import { ADMIN_ACCESS_LEVEL, type Scope } from '@greenpod/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import { loadScope } from './scope';
import { passwordStamp, type SessionClaims, sessionClaims } from './tokens';

/** Who is calling, loaded fresh on every request so a deactivated account stops at once. */
export interface Caller {
  userId: number;
  roleId: number;
  accessLevel: number;
  isAdmin: boolean;
  scope: Scope;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}
declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionClaims;
  }
}

const SESSION_INVALID = 'Your session has expired or is not valid. Please sign in again.';

/**
 * The one rule that turns a session token into a caller, for a Bearer header and for the live
 * stream's ?token= alike: a valid signature and expiry, a well-formed subject, an active and
 * verified user, and no password change since the token was issued. Anything else is a 401.
 */
export async function callerOfToken(app: FastifyInstance, token: string): Promise<Caller> {
  let claims: SessionClaims;
  try {
    claims = sessionClaims.parse(app.jwt.verify(token));
  } catch {
    throw unauthorized(SESSION_INVALID);
  }
  const [row] = await app.db.query<{ role_id: number; access_level: number; password: string }>(
    `SELECT u.role_id, u.password, r.access_level FROM app_user u JOIN role r ON r.id = u.role_id
     WHERE u.id = $1 AND u.active AND u.verified`,
    [claims.sub],
  );
  if (!row) throw unauthorized('Your account is not active. Please sign in again.');
  if (passwordStamp(row.password) !== claims.pwd)
    throw unauthorized('Your password was changed. Please sign in again.');
  return {
    userId: claims.sub,
    roleId: row.role_id,
    accessLevel: row.access_level,
    isAdmin: row.access_level >= ADMIN_ACCESS_LEVEL,
    scope: await loadScope(app.db, row.role_id, row.access_level),
  };
}

export async function authenticate(request: FastifyRequest) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthorized(SESSION_INVALID);
  request.caller = await callerOfToken(request.server, match[1]);
}

export async function requireAdmin(request: FastifyRequest) {
  await authenticate(request);
  if (!request.caller?.isAdmin) throw forbidden('Only administrators can do this');
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
