import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';

/** Sign-in and reset are capped per address and e-mail, and per address across e-mails. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWith(env: Record<string, string>) {
  t = await createTestApp(env);
  return t;
}

type Route = { url: string; body: (i: number) => object; ok: number };
const LOGIN: Route = {
  url: '/api/user/login',
  body: (i) => ({ email: `person${i}@example.com`, password: 'guess-guess' }),
  ok: 401,
};
const RESET: Route = { url: '/api/user/resetPassword', body: (i) => ({ email: `person${i}@example.com` }), ok: 200 };

/** One attempt with a new e-mail each time, from `remoteAddress`, maybe through a proxy. */
async function attempt(
  app: TestApp,
  route: Route,
  i: number,
  from: { remoteAddress?: string; forwardedFor?: string } = {},
) {
  const res = await app.app.inject({
    method: 'POST',
    url: route.url,
    payload: route.body(i),
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    ...(from.forwardedFor ? { headers: { 'x-forwarded-for': from.forwardedFor } } : {}),
  });
  return res.statusCode;
}

describe('a per-address cap across e-mails', () => {
  it.each([
    ['sign-in', LOGIN, { LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '5' }],
    ['reset', RESET, { RESET_RATE_LIMIT: '3', RESET_ADDRESS_RATE_LIMIT: '5' }],
  ] as const)('%s: the sixth e-mail from one address is refused, another address is not', async (_name, route, env) => {
    const app = await appWith(env);
    const from = { remoteAddress: '203.0.113.7' };
    for (let i = 0; i < 5; i++) expect(await attempt(app, route, i, from)).toBe(route.ok);
    const refused = await app.app.inject({
      method: 'POST',
      url: route.url,
      payload: route.body(5),
      remoteAddress: from.remoteAddress,
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/Too many attempts/);
    expect(await attempt(app, route, 6, { remoteAddress: '203.0.113.8' })).toBe(route.ok);
  });

  it('defaults to five times the per-e-mail limit', () => {
    const c = loadConfig({ LOGIN_RATE_LIMIT: '4', RESET_RATE_LIMIT: '2' });
    expect([c.LOGIN_ADDRESS_RATE_LIMIT, c.RESET_ADDRESS_RATE_LIMIT]).toEqual([20, 10]);
    expect(loadConfig({ LOGIN_ADDRESS_RATE_LIMIT: '7' }).LOGIN_ADDRESS_RATE_LIMIT).toBe(7);
  });
});

describe('TRUST_PROXY decides whose address the limits count', () => {
  const env = { LOGIN_RATE_LIMIT: '100', LOGIN_ADDRESS_RATE_LIMIT: '2' };

  it('without it, X-Forwarded-For is ignored: a client cannot pick a new address per attempt', async () => {
    const app = await appWith(env);
    const from = (forwardedFor: string) => ({ remoteAddress: '203.0.113.9', forwardedFor });
    expect(await attempt(app, LOGIN, 0, from('198.51.100.1'))).toBe(401);
    expect(await attempt(app, LOGIN, 1, from('198.51.100.2'))).toBe(401);
    expect(await attempt(app, LOGIN, 2, from('198.51.100.3'))).toBe(429);
  });

  it('behind a trusted proxy, the client address in X-Forwarded-For is the key', async () => {
    const app = await appWith({ ...env, TRUST_PROXY: '127.0.0.1' });
    const client = { forwardedFor: '198.51.100.1' };
    expect(await attempt(app, LOGIN, 0, client)).toBe(401);
    expect(await attempt(app, LOGIN, 1, client)).toBe(401);
    expect(await attempt(app, LOGIN, 2, client)).toBe(429);
    // Another client behind the same proxy has its own count.
    expect(await attempt(app, LOGIN, 3, { forwardedFor: '198.51.100.2' })).toBe(401);
    // A proxy not in the list is not believed.
    expect(await attempt(app, LOGIN, 4, { remoteAddress: '192.0.2.9', forwardedFor: '198.51.100.3' })).toBe(401);
    expect(await attempt(app, LOGIN, 5, { remoteAddress: '192.0.2.9', forwardedFor: '198.51.100.4' })).toBe(401);
    expect(await attempt(app, LOGIN, 6, { remoteAddress: '192.0.2.9', forwardedFor: '198.51.100.5' })).toBe(429);
  });

  it.each([
    ['false', false],
    ['true', true],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['loopback', ['loopback']],
  ] as const)('TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('refuses a value that is no address or range', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    // Fastify cannot check the peer of a bare hop count, so it would trust nothing: refused, not ignored.
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });
});
