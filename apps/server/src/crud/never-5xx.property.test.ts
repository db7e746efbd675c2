import { RESOURCES } from '@greenpod/contracts';
import fc from 'fast-check';
import qs from 'qs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** Random bodies, ids and list queries on every route: the answer is never a 5xx. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const scalar = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.constantFrom('1', '-1', '2147483648', '1e308', 'NaN', "'; DROP TABLE role; --", '%', '_', '\\'),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 2 }));
const id = fc.oneof(fc.integer({ min: -5, max: 5 }).map(String), fc.constantFrom('0', 'abc', '99999999999', '1.5', '%20'));

function bodyFor(fields: string[]) {
  return fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })), value, { maxKeys: fields.length + 2 });
}
const listParams = fc.record(
  {
    searchField: fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('title', 'email', 'groupTitle')),
    searchWord: fc.string({ maxLength: 10 }),
    baseSearch: fc.string({ maxLength: 10 }),
    fetchParams: fc.dictionary(fc.constantFrom('id', 'groupId', 'clientId', 'title', 'active', 'nope'), scalar, { maxKeys: 2 }),
    colKey: fc.oneof(fc.constantFrom('id', 'title', 'created', 'groupTitle'), fc.string({ maxLength: 10 })),
    sortDirection: fc.constantFrom('ASC', 'DESC', 'asc', 'sideways'),
    paging: fc.oneof(fc.integer({ min: -2, max: 2000 }), fc.string({ maxLength: 4 })),
    offset: fc.oneof(fc.integer({ min: -2, max: 100 }), fc.string({ maxLength: 4 })),
  },
  { requiredKeys: [] },
);

async function expectNo5xx(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const res = await t.call(method, url, { token: t.adminToken, ...(body !== undefined ? { body } : {}) });
  if (res.status >= 500) throw new Error(`${method} ${url} ${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`);
}

describe('no input makes a route fail with a 5xx', () => {
  for (const r of RESOURCES) {
    it(`${r.name}`, async () => {
      const path = `/api/${r.name}`;
      const fields = Object.keys(r.fields);
      await fc.assert(
        fc.asyncProperty(listParams, fc.boolean(), async (p, asJson) => {
          const query = asJson ? `dataTableParams=${encodeURIComponent(JSON.stringify(p))}` : qs.stringify({ dataTableParams: p });
          await expectNo5xx('GET', `${path}?${query}`);
        }),
        { numRuns: 25 },
      );
      await fc.assert(
        fc.asyncProperty(bodyFor(fields), id, async (body, rid) => {
          if (r.verbs.includes('create')) await expectNo5xx('POST', path, body);
          if (r.verbs.includes('update')) await expectNo5xx('PUT', `${path}/${rid}`, body);
          if (r.verbs.includes('read')) await expectNo5xx('GET', `${path}/${rid}`);
        }),
        { numRuns: 25 },
      );
      await fc.assert(fc.asyncProperty(id, async (rid) => expectNo5xx('DELETE', `${path}/${rid}`)), { numRuns: 5 });
    });
  }
  it('auth routes', async () => {
    await fc.assert(
      fc.asyncProperty(bodyFor(['email', 'password', 'confirmPassword', 'firstName', 'lastName']), fc.string({ maxLength: 30 }), async (body, token) => {
        await expectNo5xx('POST', '/api/user/register', body);
        await expectNo5xx('POST', '/api/user/resetPassword', body);
        await expectNo5xx('PUT', `/api/user/resetPassword/${encodeURIComponent(token) || 'x'}`, body);
        await expectNo5xx('POST', '/api/user/login', body);
      }),
      { numRuns: 40 },
    );
  });
});
