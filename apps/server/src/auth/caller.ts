import { ADMIN_ACCESS_LEVEL, type Scope } from '@greenpod/contracts';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import { loadScope } from './scope';

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
    payload: { sub: number };
    user: { sub: number };
  }
}

export async function authenticate(request: FastifyRequest) {
  let sub: number;
  try {
    sub = (await request.jwtVerify<{ sub: number }>()).sub;
  } catch {
    throw unauthorized('Your session has expired or is not valid. Please sign in again.');
  }
  const [row] = await request.server.db.query<{ role_id: number; access_level: number }>(
    `SELECT u.role_id, r.access_level FROM app_user u JOIN role r ON r.id = u.role_id
     WHERE u.id = $1 AND u.active AND u.verified`,
    [sub],
  );
  if (!row) throw unauthorized('Your account is not active. Please sign in again.');
  request.caller = {
    userId: sub,
    roleId: row.role_id,
    accessLevel: row.access_level,
    isAdmin: row.access_level >= ADMIN_ACCESS_LEVEL,
    scope: await loadScope(request.server.db, row.role_id, row.access_level),
  };
}

export async function requireAdmin(request: FastifyRequest) {
  await authenticate(request);
  if (!request.caller?.isAdmin) throw forbidden('Only administrators can do this');
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
