import { getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBody, type Context } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const rule = getResource('rule');

describe('a rule’s delay and clear level (optional, docs/domain.md#rules)', () => {
  it('are stored when they fit, and blank means none', async () => {
    const ctx: Context = {};
    const body = { ...(await buildBody(t, rule, ctx)), condition: 'greater', thresholdValue: 30 };
    const made = await t.call('POST', '/api/rule', {
      token: t.adminToken,
      body: { ...body, delayMinutes: 5, clearLevel: 25 },
    });
    expect(made.status).toBe(201);
    const id = (made.body.data as { id: number }).id;
    const read = await t.call('GET', `/api/rule/${id}`, { token: t.adminToken });
    expect(read.body.data).toMatchObject({ delayMinutes: 5, clearLevel: 25 });
    const cleared = await t.call('PUT', `/api/rule/${id}`, {
      token: t.adminToken,
      body: { delayMinutes: '', clearLevel: '' },
    });
    expect(cleared.status).toBe(200);
    expect((await t.call('GET', `/api/rule/${id}`, { token: t.adminToken })).body.data).toMatchObject({
      delayMinutes: null,
      clearLevel: null,
    });
  });

  it('refuses a clear level on the wrong side of the threshold, on create and on an update of either field', async () => {
    const ctx: Context = {};
    const body = { ...(await buildBody(t, rule, ctx)), condition: 'greater', thresholdValue: 30 };
    const wrong = await t.call('POST', '/api/rule', { token: t.adminToken, body: { ...body, clearLevel: 31 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationErrors).toEqual({
      clearLevel: ['The clear level of a greater rule must not be above its threshold'],
    });
    const made = await t.call('POST', '/api/rule', { token: t.adminToken, body: { ...body, clearLevel: 25 } });
    const id = (made.body.data as { id: number }).id;
    // Lowering the threshold below the kept clear level is the same mistake.
    const lowered = await t.call('PUT', `/api/rule/${id}`, { token: t.adminToken, body: { thresholdValue: 20 } });
    expect(lowered.status).toBe(400);
    const equal = await t.call('PUT', `/api/rule/${id}`, { token: t.adminToken, body: { condition: 'equal' } });
    expect(equal.status).toBe(400);
    expect((await t.call('GET', `/api/rule/${id}`, { token: t.adminToken })).body.data).toMatchObject({
      condition: 'greater',
      thresholdValue: 30,
      clearLevel: 25,
    });
  });

  it('refuses a delay outside 0..1440 minutes or not whole', async () => {
    const body = await buildBody(t, rule, {});
    for (const delayMinutes of [-1, 1441, 2.5]) {
      const res = await t.call('POST', '/api/rule', { token: t.adminToken, body: { ...body, delayMinutes } });
      expect(res.status, String(delayMinutes)).toBe(400);
    }
  });
});
