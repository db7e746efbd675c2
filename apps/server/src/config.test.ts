import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('names the variable whose value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: must be a port number/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    // A client id the broker could refuse or read as a topic pattern.
    expect(() => loadConfig({ MQTT_CLIENT_ID: 'greenpod/a b' })).toThrow(/MQTT_CLIENT_ID: must be 1-64 letters/);
    expect(loadConfig({ MQTT_CLIENT_ID: 'greenpod-eu-1' }).MQTT_CLIENT_ID).toBe('greenpod-eu-1');
  });

  it('runs on its embedded defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, ADMIN_EMAIL: 'admin@greenpod.local', JWT_EXPIRES_IN: '12h' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DEMO_HISTORY_DAYS).toBe(365);
  });

  it("takes the demo's history as a whole number of days from 1 to 3650", () => {
    expect(loadConfig({ DEMO_HISTORY_DAYS: '45' }).DEMO_HISTORY_DAYS).toBe(45);
    for (const bad of ['0', '2.5', 'a year', '3651'])
      expect(() => loadConfig({ DEMO_HISTORY_DAYS: bad })).toThrow(/DEMO_HISTORY_DAYS/);
  });

  it("bounds the rules engine's lag at 300 s unless told otherwise, 0 turning the bound off", () => {
    expect(loadConfig({}).RULES_LAG_LIMIT_SECONDS).toBe(300);
    expect(loadConfig({ RULES_LAG_LIMIT_SECONDS: '0' }).RULES_LAG_LIMIT_SECONDS).toBe(0);
    expect(loadConfig({ RULES_LAG_LIMIT_SECONDS: '60' }).RULES_LAG_LIMIT_SECONDS).toBe(60);
    for (const bad of ['-1', '2.5', 'a minute', '86401'])
      expect(() => loadConfig({ RULES_LAG_LIMIT_SECONDS: bad })).toThrow(/RULES_LAG_LIMIT_SECONDS/);
  });

  it('keeps uploaded images in DATA_DIR/assets unless ASSET_DIR names a folder', () => {
    expect(loadConfig({ DATA_DIR: '/srv/greenpod' })).toMatchObject({
      ASSET_DIR: '/srv/greenpod/assets',
      ASSET_QUOTA_MB: 100,
    });
    expect(loadConfig({ DATA_DIR: '/srv/greenpod', ASSET_DIR: '/mnt/shared/assets' }).ASSET_DIR).toBe(
      '/mnt/shared/assets',
    );
    expect(() => loadConfig({ ASSET_QUOTA_MB: '0' })).toThrow(/ASSET_QUOTA_MB/);
  });
});
