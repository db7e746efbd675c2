import { ADMIN_ACCESS_LEVEL, RESOURCES } from '@greenpod/contracts';
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

// Text as an attacker sends it: NUL, lone surrogates and other control characters among the usual ones.
const nasty = fc.constantFrom(
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\u0001',
  '\u0008',
  '\u001B',
  '\u007F',
  '\u0085',
  '\t',
  '\n',
  '\r',
);
const unit = fc.oneof(
  { weight: 1, arbitrary: nasty },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);
const text = (maxLength: number) => fc.string({ unit, maxLength });
/** Text sure to hold at least one of the characters PostgreSQL refuses or a form should not take. */
const tainted = fc.tuple(text(4), nasty, text(4)).map((parts) => parts.join(''));
/** A body that is valid but for one field, so the bad text reaches as deep as it can. */
const oneFieldTainted = (valid: Record<string, unknown>) =>
  fc.tuple(fc.constantFrom(...Object.keys(valid)), tainted).map(([key, bad]) => ({ ...valid, [key]: bad }));
// A URL path segment as raw UTF-8 bytes, which also carries lone surrogates (as U+FFFD) and NUL.
const pathSegment = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('') || 'x';
const scalar = fc.oneof(
  text(20),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.constantFrom('1', '-1', '2147483648', '1e308', 'NaN', "'; DROP TABLE role; --", '%', '_', '\\'),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(text(5), scalar, { maxKeys: 2 }));
const id = fc.oneof(
  fc.integer({ min: -5, max: 5 }).map(String),
  fc.constantFrom('0', 'abc', '99999999999', '1.5', '%20'),
);

function bodyFor(fields: string[]) {
  return fc.dictionary(fc.oneof(fc.constantFrom(...fields), text(8)), value, { maxKeys: fields.length + 2 });
}
const listParams = fc.record(
  {
    searchField: fc.oneof(text(10), fc.constantFrom('title', 'email', 'groupTitle', 'podTitle')),
    searchWord: text(10),
    baseSearch: text(10),
    fetchParams: fc.dictionary(
      fc.oneof(fc.constantFrom('id', 'groupId', 'clientId', 'title', 'active', 'podId', 'locationID'), text(5)),
      scalar,
      { maxKeys: 2 },
    ),
    colKey: fc.oneof(fc.constantFrom('id', 'title', 'created', 'groupTitle'), text(10)),
    sortDirection: fc.constantFrom('ASC', 'DESC', 'asc', 'sideways'),
    paging: fc.oneof(fc.integer({ min: -2, max: 2000 }), text(4)),
    offset: fc.oneof(fc.integer({ min: -2, max: 100 }), text(4)),
  },
  { requiredKeys: [] },
);

const listQuery = (p: unknown, asJson: boolean) =>
  asJson ? `dataTableParams=${encodeURIComponent(JSON.stringify(p))}` : qs.stringify({ dataTableParams: p });

async function expectNo5xx(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const res = await t.call(method, url, {
    token: t.adminToken,
    ...(body !== undefined ? { body } : {}),
    ...(headers ? { headers } : {}),
  });
  if (res.status >= 500)
    throw new Error(`${method} ${url} ${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`);
}

describe('no input makes a route fail with a 5xx', () => {
  for (const r of RESOURCES) {
    it(`${r.name}`, async () => {
      const path = `/api/${r.name}`;
      const fields = Object.keys(r.fields);
      await fc.assert(
        fc.asyncProperty(listParams, fc.boolean(), async (p, asJson) => {
          await expectNo5xx('GET', `${path}?${listQuery(p, asJson)}`);
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
      await fc.assert(
        fc.asyncProperty(id, async (rid) => expectNo5xx('DELETE', `${path}/${rid}`)),
        { numRuns: 5 },
      );
    });
  }
  it('auth routes', async () => {
    // The role runs above may have deleted or promoted the viewer role, and registration (rightly)
    // answers 503 without one: put one back so the bodies reach as deep as they can.
    await t.db.query(
      `INSERT INTO role (title, description, access_level) SELECT 'Viewer again', 'Viewer', 10
       WHERE NOT EXISTS (SELECT 1 FROM role WHERE access_level < $1)`,
      [ADMIN_ACCESS_LEVEL],
    );
    await fc.assert(
      fc.asyncProperty(
        bodyFor(['email', 'password', 'confirmPassword', 'firstName', 'lastName']),
        text(30),
        async (body, token) => {
          await expectNo5xx('POST', '/api/user/register', body);
          await expectNo5xx('POST', '/api/user/resetPassword', body);
          await expectNo5xx('PUT', `/api/user/resetPassword/${pathSegment(token)}`, body);
          await expectNo5xx('POST', '/api/user/login', body);
        },
      ),
      { numRuns: 40 },
    );
    const password = 'good-password-1';
    const registration = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      password,
      confirmPassword: password,
      terms: true,
    };
    await fc.assert(
      fc.asyncProperty(oneFieldTainted(registration), async (body) => {
        await expectNo5xx('POST', '/api/user/register', body);
        await expectNo5xx('POST', '/api/user/login', { email: body.email, password: body.password });
        await expectNo5xx('POST', '/api/user/resetPassword', { email: body.email });
        await expectNo5xx('PUT', '/api/user/resetPassword/some-token', {
          password: body.password,
          confirmPassword: body.confirmPassword,
        });
      }),
      { numRuns: 40 },
    );
  });

  it('admin forms with one bad text field', async () => {
    await fc.assert(
      fc.asyncProperty(oneFieldTainted({ title: 'Growers', description: 'A group' }), async (body) => {
        await expectNo5xx('POST', '/api/group', body);
        await expectNo5xx('PUT', '/api/group/1', body);
      }),
      { numRuns: 30 },
    );
  });

  const dashboardFields = fc.record(
    {
      locationId: fc.oneof(fc.integer({ min: -1, max: 3 }).map(String), text(4)),
      mode: fc.oneof(fc.constantFrom('day', 'week', 'range', 'live'), text(4)),
      minutes: fc.oneof(fc.constantFrom('30', '10'), text(4)),
      fromValue: fc.oneof(fc.constantFrom('2026-01-01', '2026-01-01 00:00:00'), text(12)),
      toValue: fc.oneof(fc.constantFrom('2026-01-02', '2026-01-02 00:00:00'), text(12)),
      tz: fc.oneof(fc.constantFrom('UTC', 'Europe/London'), text(12)),
    },
    { requiredKeys: [] },
  );
  const searches = fc.record(
    { searchWord: tainted, baseSearch: tainted, searchField: fc.constantFrom('title', 'podTitle') },
    { requiredKeys: [] },
  );

  it('dashboard and aggregate lists: search words, filters and window fields', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(listParams, searches), dashboardFields, fc.boolean(), async (p, fields, asJson) => {
        const query = `${listQuery(p, asJson)}&${qs.stringify(fields)}`;
        for (const path of [
          '/api/stat-all',
          '/api/stat-all/liveperformance',
          '/api/daily-data',
          '/api/weekly-data',
          '/api/monthly-data',
        ]) {
          await expectNo5xx('GET', `${path}?${query}`);
        }
        await expectNo5xx('GET', `/api/graph?${qs.stringify(fields)}`);
        await expectNo5xx('GET', `/api/podCount?${qs.stringify({ locationId: fields.locationId })}`);
      }),
      { numRuns: 40 },
    );
  });

  it('NUL and broken UTF-8 in bracket-form keys and values', async () => {
    for (const raw of [
      'dataTableParams[searchWord]=%00',
      'dataTableParams[fetchParams][ti%00tle]=x',
      'dataTableParams[fetchParams][title]=a%00b',
      'dataTableParams[search%00Word]=x',
      'dataTableParams%00[searchWord]=x',
      'dataTableParams[searchWord]=%ED%A0%80',
      'dataTableParams[baseSearch]=%C0%80',
    ]) {
      for (const path of ['/api/group', '/api/user', '/api/pod', '/api/stat-all', '/api/daily-data'])
        await expectNo5xx('GET', `${path}?${raw}`);
    }
  });

  it('pod sign-in header on ingest', async () => {
    await fc.assert(
      fc.asyncProperty(tainted, text(10), async (identifier, key) => {
        await expectNo5xx(
          'POST',
          '/api/ingest',
          { readings: [{ sensorType: 'temperature', value: 20 }] },
          {
            authorization: `Pod ${identifier.replace(/[\s:]/g, '')}:${key.replace(/\s/g, '') || 'k'}`,
          },
        );
      }),
      { numRuns: 30 },
    );
  });
});
