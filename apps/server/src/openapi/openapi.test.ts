import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crudOperationIds } from '../crud/operation-ids';
import { createTestApp, type TestApp } from '../test/test-app';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}
type Doc = {
  servers?: { url: string }[];
  info: { license?: { name: string; url?: string } };
  paths: Record<string, Record<string, Operation>>;
};

let t: TestApp;
let doc: Doc;
let ops: { method: string; path: string; op: Operation }[];
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

const op = (method: string, path: string) => ops.find((o) => o.method === method && o.path === path)?.op;

describe('the OpenAPI document at /api/docs/json', () => {
  it('gives every operation an operationId, and no two the same', () => {
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names the CRUD operations from the resource registry', () => {
    expect(op('GET', '/api/pod')?.operationId).toBe('listPods');
    expect(op('GET', '/api/pod/{id}')?.operationId).toBe('getPod');
    expect(op('POST', '/api/pod')?.operationId).toBe('createPod');
    expect(op('PUT', '/api/pod/{id}')?.operationId).toBe('updatePod');
    expect(op('DELETE', '/api/pod/{id}')?.operationId).toBe('deletePod');
    expect(op('GET', '/api/pod-sensor')?.operationId).toBe('listPodSensors');
  });

  it('marks the public routes public, and every other route with how it is authenticated', () => {
    const publicRoutes = [
      ['POST', '/api/user/login'],
      ['POST', '/api/user/register'],
      ['POST', '/api/user/resetPassword'],
      ['PUT', '/api/user/resetPassword/{token}'],
      ['GET', '/api/configuration/default'],
      ['GET', '/api/configuration/{groupShortcode}/{clientShortcode}'],
    ];
    for (const [method, path] of publicRoutes) expect(op(method as string, path as string)?.security).toEqual([]);
    // Pods and the live stream do not use the session header: their own schemes say how they sign in.
    expect(op('POST', '/api/ingest')?.security).toEqual([{ podKey: [] }]);
    expect(op('GET', '/api/live')?.security).toEqual([{ streamToken: [] }]);
    // A theme's logos and favicon are public, any other asset's file needs the session: either will do.
    expect(op('GET', '/api/asset/file/{id}')?.security).toEqual([{ bearerAuth: [] }, {}]);
    const own = ['/api/ingest', '/api/live', '/api/asset/file/{id}'];
    const rest = ops.filter((o) => o.op.security?.length !== 0 && !own.includes(o.path));
    expect(rest.filter((o) => JSON.stringify(o.op.security) !== JSON.stringify([{ bearerAuth: [] }]))).toEqual([]);
  });

  it('has a server, a licence and a 4xx answer on every operation', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    // The licence the code is published under (LICENSE).
    expect(doc.info.license).toEqual({ name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' });
    const without4xx = ops.filter((o) => !Object.keys(o.op.responses ?? {}).some((s) => s.startsWith('4')));
    expect(without4xx.map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it('says on every operation that it may answer 503 while the database is out of reach', () => {
    const without503 = ops.filter((o) => !('503' in (o.op.responses ?? {})));
    expect(without503.map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it('never says nullable without a type (an enum field keeps its choices)', () => {
    const untyped: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (n.nullable === true && !('type' in n) && !('anyOf' in n) && !('oneOf' in n) && !('allOf' in n))
        untyped.push(at);
      for (const [k, v] of Object.entries(n)) walk(v, `${at}/${k}`);
    };
    walk(doc.paths, '');
    expect(untyped).toEqual([]);
    type Body = {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    const body = op('POST', '/api/notification') as unknown as Body;
    const severity = body.requestBody.content['application/json'].schema.properties.severity;
    expect(severity).toMatchObject({ type: 'string', enum: ['HIGH', 'MEDIUM', 'LOW'], nullable: true });
  });
});

describe('the upload of assets', () => {
  it('is documented as multipart/form-data with its files as binary', () => {
    type Multipart = { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    const upload = op('POST', '/api/asset') as unknown as Multipart;
    const form = upload.requestBody.content['multipart/form-data']?.schema.properties;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(form?.['assets[]']).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
    expect(Object.keys(form ?? {})).toEqual(['groupId', 'clientId', 'title', 'assets[]']);
  });
});

describe('crudOperationIds', () => {
  it.each([
    ['pod', 'Pods'],
    ['user-notification', 'UserNotifications'],
    ['category', 'Categories'],
    ['address', 'Addresses'],
    ['day', 'Days'],
  ])('%s lists as %s', (name, many) => {
    expect(crudOperationIds(name).list).toBe(`list${many}`);
  });
});
