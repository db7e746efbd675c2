import { MESSAGES } from '@greenpod/contracts';
import mqtt from 'mqtt';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker } from '../telemetry/mqtt-broker';
import { createTestApp, type TestApp } from '../test/test-app';

/** Every place text enters refuses what PostgreSQL cannot store with a 400 that names the field. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NUL = '\u0000';
const LONE = '\uD800';
const json = (p: unknown) => `dataTableParams=${encodeURIComponent(JSON.stringify(p))}`;
const password = 'good-password-1';
const registration = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  password,
  confirmPassword: password,
  terms: true,
};

describe('text PostgreSQL cannot store is a 400 with a field message', () => {
  it.each([
    ['list search word (JSON)', `/api/group?${json({ searchWord: `a${NUL}` })}`, 'searchWord'],
    [
      'list search word (bracket form)',
      `/api/group?${qs.stringify({ dataTableParams: { searchWord: `a${NUL}` } })}`,
      'searchWord',
    ],
    ['list base search, lone surrogate', `/api/user?${json({ baseSearch: `a${LONE}` })}`, 'baseSearch'],
    ['list filter value', `/api/pod?${json({ fetchParams: { title: `x${NUL}` } })}`, 'fetchParams'],
    ['list filter key (bracket form)', '/api/pod?dataTableParams[fetchParams][ti%00tle]=x', 'fetchParams'],
    ['stat-all search', `/api/stat-all?${json({ searchWord: NUL })}`, 'searchWord'],
    ['stat-all search (bracket form)', '/api/stat-all?dataTableParams[searchWord]=%00', 'searchWord'],
    ['aggregate search', `/api/daily-data?${json({ searchWord: `pod${NUL}` })}`, 'searchWord'],
    ['dashboard time zone', '/api/graph?tz=UTC%00', 'tz'],
  ])('%s', async (_name, url, field) => {
    const res = await t.call('GET', url, { token: t.adminToken });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors?.[field]).toContain(MESSAGES.controlCharacters);
  });

  it.each([
    ['first name with NUL', { firstName: `Ann${NUL}` }, 'firstName'],
    ['last name with a lone surrogate', { lastName: `Lee${LONE}` }, 'lastName'],
    ['last name with an escape character', { lastName: 'Lee\u001B[31m' }, 'lastName'],
    ['e-mail with NUL', { email: `ann${NUL}@example.com` }, 'email'],
    ['password with NUL', { password: `pass${NUL}word-1`, confirmPassword: `pass${NUL}word-1` }, 'password'],
  ])('registration: %s', async (_name, change, field) => {
    const res = await t.call('POST', '/api/user/register', { body: { ...registration, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors?.[field]).toContain(MESSAGES.controlCharacters);
  });

  it('sign-in and reset requests', async () => {
    const login = await t.call('POST', '/api/user/login', { body: { email: `a${NUL}@example.com`, password } });
    expect(login.body.validationErrors?.email).toContain(MESSAGES.controlCharacters);
    const reset = await t.call('POST', '/api/user/resetPassword', { body: { email: `a${LONE}@example.com` } });
    expect(reset.body.validationErrors?.email).toContain(MESSAGES.controlCharacters);
    expect([login.status, reset.status]).toEqual([400, 400]);
  });

  it('admin forms: a title refuses every control character, a description keeps line breaks', async () => {
    const bad = await t.call('POST', '/api/group', {
      token: t.adminToken,
      body: { title: `Growers${NUL}`, description: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors?.title).toEqual([MESSAGES.controlCharacters]);
    const tab = await t.call('POST', '/api/group', {
      token: t.adminToken,
      body: { title: 'Grow\ters', description: 'x' },
    });
    expect(tab.body.validationErrors?.title).toEqual([MESSAGES.controlCharacters]);
    const lone = await t.call('POST', '/api/group', {
      token: t.adminToken,
      body: { title: 'Growers', description: `one${LONE}` },
    });
    expect(lone.body.validationErrors?.description).toEqual([MESSAGES.controlCharacters]);

    const ok = await t.call('POST', '/api/group', {
      token: t.adminToken,
      body: { title: 'Growers 🌱', description: 'line one\n\tline two\r\n' },
    });
    expect(ok.status).toBe(201);
    const [row] = await t.db.query<{ description: string }>(
      "SELECT description FROM app_group WHERE title = 'Growers 🌱'",
    );
    expect(row?.description).toBe('line one\n\tline two');
    const edit = await t.call('PUT', `/api/group/${(ok.body.data as { id: number }).id}`, {
      token: t.adminToken,
      body: { title: `x${NUL}` },
    });
    expect(edit.status).toBe(400);
  });
});

describe('a pod identifier PostgreSQL cannot store is an unknown pod', () => {
  it('on MQTT sign-in: a refused login, not "server unavailable"', async () => {
    const broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingest: t.app.ingest, log: t.app.log });
    try {
      for (const username of [`pod${NUL}`, `pod${LONE}`]) {
        const refusal = await mqtt
          .connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
            username,
            password: 'key',
            reconnectPeriod: 0,
            connectTimeout: 5000,
          })
          .then(
            (c) => c.endAsync().then(() => 'connected'),
            (err: Error) => err.message,
          );
        expect(refusal).toMatch(/Bad username or password|Not authorized/);
      }
    } finally {
      await broker.close();
    }
  });

  it('in the HTTP sign-in header', async () => {
    const res = await t.call('POST', '/api/ingest', {
      body: { readings: [{ sensorType: 'TEMPERATURE', value: 20 }] },
      headers: { authorization: `Pod pod${NUL}:key` },
    });
    expect(res.status).toBe(401);
  });
});
