import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from 'playwright-core';
import { ADMIN } from './global-setup';

/** A suffix that keeps this run's names apart from any other test's, so no file relies on another's rows. */
export const unique = () => randomBytes(3).toString('hex');

export interface AdminSession {
  token: string;
  user: unknown;
}

/** Signs the seeded administrator in through the API; no test changes that account's password. */
export async function adminSession(request: APIRequestContext): Promise<AdminSession> {
  const res = await request.post('/api/user/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  const body = (await res.json()) as { token?: string; user?: unknown };
  if (!body.token) throw new Error(`the administrator could not sign in: ${res.status()} ${JSON.stringify(body)}`);
  return { token: body.token, user: body.user };
}

/** POST /api/<name> as the administrator; returns the new row's id. */
export async function createRecord(
  request: APIRequestContext,
  session: AdminSession,
  name: string,
  data: Record<string, unknown>,
): Promise<number> {
  const res = await request.post(`/api/${name}`, { data, headers: { Authorization: `Bearer ${session.token}` } });
  const body = (await res.json()) as { data?: { id: number } };
  if (res.status() !== 201 || !body.data) throw new Error(`POST /api/${name} ${res.status()} ${JSON.stringify(body)}`);
  return body.data.id;
}

/** The id of a role by its title (the seeded Viewer role, for one). */
export async function roleId(request: APIRequestContext, session: AdminSession, title: string): Promise<number> {
  const params = encodeURIComponent(JSON.stringify({ fetchParams: { title }, paging: 5 }));
  const res = await request.get(`/api/role?dataTableParams=${params}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  const body = (await res.json()) as { data?: { id: number }[] };
  const id = body.data?.[0]?.id;
  if (!id) throw new Error(`no role titled ${title}`);
  return id;
}
