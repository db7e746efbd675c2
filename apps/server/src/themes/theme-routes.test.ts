import { DEFAULT_THEME } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Context, ensure } from '../test/factory';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('themes', () => {
  it('serves the default theme and a client theme by shortcodes without sign-in', async () => {
    expect((await t.call('GET', '/api/configuration/default')).body.data).toEqual(DEFAULT_THEME);
    const ctx: Context = {};
    await ensure(t, 'configuration', ctx);
    await t.call('PUT', `/api/configuration/${ctx.configuration}`, {
      token: t.adminToken,
      body: { primaryActionColor: '#ff0000' },
    });
    const group = (await t.call('GET', `/api/group/${ctx.group}`, { token: t.adminToken })).body.data as {
      shortcode: string;
    };
    const client = (await t.call('GET', `/api/client/${ctx.client}`, { token: t.adminToken })).body.data as {
      shortcode: string;
    };
    const theme = await t.call('GET', `/api/configuration/${group.shortcode}/${client.shortcode}`);
    expect(theme.status).toBe(200);
    expect(theme.body.data).toMatchObject({ primaryActionColor: '#ff0000' });
    expect(theme.body.data).not.toHaveProperty('electricityTariff');
    expect((await t.call('GET', `/api/configuration/${group.shortcode}/AAAAAAAAAAAA`)).status).toBe(404);
    expect((await t.call('GET', '/api/configuration/short/codes')).status).toBe(400);
  });
});
