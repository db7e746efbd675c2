import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';
import { isLoopback } from './metrics-access';
import { parseExposition } from './test/exposition';

const TOKEN = 'metrics-token-0123456789abcdef';
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

const scrape = (t: TestApp, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...opts });

describe('GET /metrics, off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is an unknown path, even from this machine', async () => {
    expect((await scrape(t)).statusCode).toBe(404);
    expect((await scrape(t, { headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    expect(t.app.metrics).toBeNull();
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t?.close());

  it('answers 401 without the token or with a wrong one, from anywhere', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
    ]) {
      const res = await scrape(t, { headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ success: false, error: 'A valid metrics token is needed' });
      expect(res.body).not.toContain('greenpod_');
    }
  });

  it('serves the Prometheus text format to the token, from any address', async () => {
    for (const remoteAddress of ['127.0.0.1', '203.0.113.7']) {
      const res = await scrape(t, { remoteAddress, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(PROMETHEUS_TEXT);
      expect(res.headers['cache-control']).toBe('no-store');
      const families = parseExposition(res.body);
      expect(families.get('greenpod_readings_stored_total')?.type).toBe('counter');
      expect(families.get('greenpod_http_request_duration_seconds')?.type).toBe('histogram');
      expect(families.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('gauge');
      expect(families.get('process_resident_memory_bytes')?.type).toBe('gauge');
    }
  });

  it('is left out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: object };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('GET /metrics with METRICS=1 and no token', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy on this machine: X-Forwarded-For names the outside caller.
    t = await createTestApp({ METRICS: '1', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t?.close());

  it('serves a scraper on this machine', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(t, { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.headers['content-type']).toBe(PROMETHEUS_TEXT);
    }
  });

  it('refuses other addresses, and anything a proxy passed on, even from loopback', async () => {
    const refused = [
      scrape(t, { remoteAddress: '203.0.113.7' }),
      scrape(t, { remoteAddress: '10.0.0.5' }),
      scrape(t, { headers: { 'x-forwarded-for': '203.0.113.7' } }),
      scrape(t, { headers: { 'x-forwarded-for': '127.0.0.1' } }),
      scrape(t, { headers: { forwarded: 'for=127.0.0.1' } }),
      scrape(t, { headers: { 'x-real-ip': '127.0.0.1' } }),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/this machine only.*METRICS_TOKEN/);
    }
  });
});

describe('metrics settings', () => {
  const config = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: '/tmp/unused', ...env });

  it('refuses a short or spaced token, and METRICS=0 beside a token', () => {
    expect(config({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(config({ METRICS_TOKEN: 'has a space in it 0123456789' })).toThrow(/METRICS_TOKEN: must be 16/);
    expect(config({ METRICS: '0', METRICS_TOKEN: TOKEN })).toThrow(/METRICS: is 0 but METRICS_TOKEN is set/);
    expect(config({ METRICS: '1', METRICS_TOKEN: TOKEN })().METRICS_TOKEN).toBe(TOKEN);
  });

  it('counts 127.0.0.0/8 and ::1 as loopback, nothing else', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(ip), ip).toBe(true);
    for (const ip of ['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', '::', '0.0.0.0', '1127.0.0.1', 'fe80::1'])
      expect(isLoopback(ip), ip).toBe(false);
  });
});
