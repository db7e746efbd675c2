import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from 'playwright-core';
import { inject } from 'vitest';

/** A suffix that keeps this run's names apart from any other test's, so no file relies on another's rows. */
export const unique = () => randomBytes(3).toString('hex');

export interface AdminSession {
  token: string;
  user: unknown;
}

/**
 * The seeded administrator's session, signed in once for the run by global-setup (no test changes that account's
 * password or signs it out everywhere). `request` stays in the signature: callers pass the page's context.
 */
export async function adminSession(_request: APIRequestContext): Promise<AdminSession> {
  return inject('adminSession');
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

const bearer = (session: AdminSession) => ({ Authorization: `Bearer ${session.token}` });

/** A place of its own for one test: group, client, location and area, and one pod carrying the sensor types. */
export async function podEstate(request: APIRequestContext, session: AdminSession, name: string, types: string[]) {
  const group = await createRecord(request, session, 'group', { title: `G ${name}`, description: 'e2e', active: true });
  const client = await createRecord(request, session, 'client', {
    groupId: group,
    title: `C ${name}`,
    description: 'e2e',
    active: true,
  });
  const location = await createRecord(request, session, 'location', {
    groupId: group,
    clientId: client,
    title: `Live ${name}`,
    description: 'e2e',
    country: 'UK',
    city: 'London',
    address: '1 Test Street',
    contactName: 'Tess',
    contactNumber: '0123',
    boxCount: 1,
    active: true,
  });
  const area = await createRecord(request, session, 'area', {
    groupId: group,
    clientId: client,
    locationId: location,
    title: `Room ${name}`,
    description: 'e2e',
    active: true,
  });
  const identifier = `e2e-${name}`;
  const res = await request.post('/api/pod', {
    headers: bearer(session),
    data: {
      groupId: group,
      clientId: client,
      locationId: location,
      areaId: area,
      title: `Pod ${name}`,
      description: 'e2e',
      identifier,
      voltage: 230,
      active: true,
    },
  });
  if (res.status() !== 201) throw new Error(`POST /api/pod ${res.status()} ${await res.text()}`);
  // The ingest key is answered once, beside the new pod.
  const pod = (await res.json()) as { data: { id: number }; ingestKey: string };
  const sensors = (await (
    await request.get(`/api/sensor?dataTableParams=${encodeURIComponent(JSON.stringify({ paging: 50 }))}`, {
      headers: bearer(session),
    })
  ).json()) as { data: { id: number; type: string; title: string }[] };
  for (const s of sensors.data.filter((x) => types.includes(x.type)))
    await createRecord(request, session, 'pod-sensor', { podId: pod.data.id, sensorId: s.id });
  return {
    group,
    client,
    location,
    area,
    pod: { id: pod.data.id, title: `Pod ${name}`, identifier, key: pod.ingestKey },
    groupTitle: `G ${name}`,
    clientTitle: `C ${name}`,
  };
}

/** A verified viewer whose role is bound to one location, signed in through the API. */
export async function locationViewer(
  request: APIRequestContext,
  session: AdminSession,
  place: { group: number; client: number; location: number },
  name: string,
) {
  const role = await createRecord(request, session, 'role', {
    title: `One location ${name}`,
    description: 'e2e',
    accessLevel: 10,
  });
  await createRecord(request, session, 'role-location', {
    groupId: place.group,
    clientId: place.client,
    roleId: role,
    locationId: place.location,
  });
  const email = `viewer-${name}@e2e.test`;
  const id = await createRecord(request, session, 'user', {
    roleId: role,
    firstName: 'Vi',
    lastName: 'Ewer',
    email,
    password: 'viewer-password-1',
    active: true,
    verified: true,
  });
  const login = await request.post('/api/user/login', { data: { email, password: 'viewer-password-1' } });
  const body = (await login.json()) as AdminSession;
  if (!body.token) throw new Error(`the viewer could not sign in: ${login.status()}`);
  return { id, email, session: body };
}

/** Puts a session into the page's storage, as signing in does; the next navigation is signed in. */
export async function signInAs(p: Page, s: AdminSession) {
  await p.goto('/user/login');
  await p.evaluate(
    ([token, user]) => {
      localStorage.setItem('greenpod_token', token as string);
      localStorage.setItem('greenpod_activeUser', JSON.stringify(user));
    },
    [s.token, s.user],
  );
}

/** A client's own link, `/<group shortcode>/<client shortcode>`, read from the two rows. */
export async function clientLink(
  request: APIRequestContext,
  session: AdminSession,
  ids: { group: number; client: number },
): Promise<string> {
  const shortcode = async (entity: string, id: number) => {
    const res = await request.get(`/api/${entity}/${id}`, { headers: bearer(session) });
    const body = (await res.json()) as { data?: { shortcode?: string } };
    if (!body.data?.shortcode) throw new Error(`GET /api/${entity}/${id} ${res.status()} has no shortcode`);
    return body.data.shortcode;
  };
  return `/${await shortcode('group', ids.group)}/${await shortcode('client', ids.client)}`;
}

/** Readings for a pod through the HTTP ingest, as the pod itself sends them. */
export async function ingest(
  request: APIRequestContext,
  pod: { identifier: string; key: string },
  readings: { sensorType: string; value: number }[],
): Promise<void> {
  const res = await request.post('/api/ingest', {
    headers: { Authorization: `Pod ${pod.identifier}:${pod.key}` },
    data: { readings },
  });
  if (res.status() !== 202) throw new Error(`POST /api/ingest ${res.status()} ${await res.text()}`);
}
