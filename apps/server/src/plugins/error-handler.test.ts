import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("errors Fastify's router raises", () => {
  it('answers a path parameter over 100 characters with 414 in the API envelope', async () => {
    const res = await t.call('GET', `/api/pod/${'1'.repeat(101)}`, { token: t.adminToken });
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ success: false, error: 'A part of the address is too long' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers a path that is not valid percent-encoding with 400 in the API envelope', async () => {
    const res = await t.call('GET', '/api/pod/%E0%A4%A', { token: t.adminToken });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'The address is not valid' });
  });
});
