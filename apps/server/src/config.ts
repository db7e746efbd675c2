import { join, resolve } from 'node:path';
import { isTimeZone } from '@greenpod/contracts';
import { z } from 'zod';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, tileUrlSchema } from './http/tile-url';
import { trustProxySchema } from './http/trust-proxy';

const bool = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 0, 1, true or false' })
  .transform((v) => v === '1' || v === 'true');

// The files Greenpod writes for an external broker (ADR 0017) come together, and name its own subscriber.
function brokerFilesNeedSubscriber(
  c: { MQTT_URL?: string; MQTT_PASSWORD_FILE?: string; MQTT_ACL_FILE?: string },
  ctx: z.RefinementCtx,
) {
  if (!c.MQTT_PASSWORD_FILE && !c.MQTT_ACL_FILE) return;
  for (const key of ['MQTT_PASSWORD_FILE', 'MQTT_ACL_FILE'] as const) {
    if (!c[key])
      ctx.addIssue({ code: 'custom', path: [key], message: 'must be set together with the other broker file' });
  }
  const url = c.MQTT_URL && URL.canParse(c.MQTT_URL) ? new URL(c.MQTT_URL) : null;
  if (!url?.username || !url.password) {
    ctx.addIssue({
      code: 'custom',
      path: ['MQTT_URL'],
      message:
        'must carry the user and password Greenpod subscribes with (mqtt://user:password@host) when the broker files are written',
    });
  }
}

const schema = z
  .object({
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default(resolve(process.env.INIT_CWD ?? process.cwd(), 'data')),
    DATABASE_URL: z.url({ error: 'must be a postgres:// URL' }).optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    JWT_EXPIRES_IN: z
      .string()
      .regex(/^\d+[smhd]$/, 'must look like 12h or 30m')
      .default('12h'),
    ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).default('admin@greenpod.local'),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SMTP_URL: z.url({ error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().default('Greenpod <no-reply@greenpod.local>'),
    PUBLIC_URL: z.url({ error: 'must be a URL such as https://greenpod.example.com' }).optional(),
    MQTT_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(1883),
    MQTT_URL: z.url({ error: 'must be an mqtt:// or mqtts:// URL' }).optional(),
    // The subscriber's persistent session at the broker is keyed by this: it must stay the same across
    // restarts of one instance and differ between instances (ADR 0025).
    MQTT_CLIENT_ID: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1-64 letters, digits, ".", "-" or "_"')
      .optional(),
    MQTT_PASSWORD_FILE: z.string().optional(),
    MQTT_ACL_FILE: z.string().optional(),
    MQTT_RELOAD_COMMAND: z.string().optional(),
    AGGREGATE_TIMEZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/London').default('UTC'),
    RAW_RETENTION_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    GREENPOD_DEMO: bool.optional(),
    SIMULATOR_INTERVAL_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).min(1).max(3600).default(10),
    DEMO_HISTORY_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(3650).default(365),
    RULES_WORKER: bool.default(true),
    // PostgreSQL only: PGlite lives in the process's main thread (docs/decisions/0032-ingest-thread.md).
    INGEST_THREAD: bool.default(true),
    INGEST_QUEUE_LIMIT: z.coerce.number({ error: 'must be a number of readings' }).int().min(1).default(50_000),
    // 0 turns the bound off (docs/performance.md#the-rules-engines-bound).
    RULES_LAG_LIMIT_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int()
      .min(0)
      .max(86_400)
      .default(300),
    POD_REPORT_INTERVAL_MINUTES: z.coerce
      .number({ error: 'must be a number of minutes' })
      .positive()
      .max(1440)
      .default(5),
    POD_OFFLINE_INTERVALS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(3),
    LOGIN_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).default(10),
    RESET_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).default(5),
    // Per client address across e-mails (password spraying); five times the per-e-mail limit unless set.
    LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).optional(),
    RESET_ADDRESS_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).optional(),
    TRUST_PROXY: trustProxySchema,
    LIVE_STREAMS_PER_USER: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(5),
    LIST_COUNT_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).default(10_000),
    LIST_STATEMENT_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int()
      .min(1)
      .default(5_000),
    REQUEST_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).default(600),
    REQUEST_CONCURRENCY_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1).default(12),
    // Where the weather comes from (Open-Meteo's API, or a mirror); empty turns weather off.
    WEATHER_URL: z
      .union([z.literal(''), z.url({ error: 'must be a URL such as https://api.open-meteo.com' })])
      .default('https://api.open-meteo.com'),
    // The maps' tiles (docs/domain.md#the-map); empty turns them off and the offline basemap shows alone.
    MAP_TILE_URL: z.union([z.literal(''), tileUrlSchema]).default(DEFAULT_TILE_URL),
    MAP_TILE_ATTRIBUTION: z.string().max(1000, 'must be at most 1000 characters').default(DEFAULT_TILE_ATTRIBUTION),
    // A Nominatim-compatible geocoder for the location form's address search (UK only); unset: no search.
    GEOCODER_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://nominatim.example.org' })
      .optional(),
    WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
    // Uploaded images (docs/domain.md#assets): a folder every instance shares when several run; DATA_DIR/assets unless set.
    ASSET_DIR: z.string().optional(),
    ASSET_QUOTA_MB: z.coerce.number({ error: 'must be a number of megabytes' }).int().min(1).default(100),
    // GET /metrics (README.md#monitoring): off unless METRICS=1 (this machine only) or a token is set.
    METRICS: bool.optional(),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,}$/, 'must be 16 or more printable characters without spaces')
      .optional(),
  })
  .superRefine(brokerFilesNeedSubscriber)
  .superRefine((c, ctx) => {
    if (c.METRICS === false && c.METRICS_TOKEN)
      ctx.addIssue({ code: 'custom', path: ['METRICS'], message: 'is 0 but METRICS_TOKEN is set: unset one of them' });
  })
  .transform(withAddressLimits)
  .transform((c) => ({ ...c, ASSET_DIR: resolve(c.ASSET_DIR ?? join(c.DATA_DIR, 'assets')) }));

function withAddressLimits<
  C extends {
    LOGIN_RATE_LIMIT: number;
    RESET_RATE_LIMIT: number;
    LOGIN_ADDRESS_RATE_LIMIT?: number;
    RESET_ADDRESS_RATE_LIMIT?: number;
  },
>(c: C) {
  return {
    ...c,
    LOGIN_ADDRESS_RATE_LIMIT: c.LOGIN_ADDRESS_RATE_LIMIT ?? 5 * c.LOGIN_RATE_LIMIT,
    RESET_ADDRESS_RATE_LIMIT: c.RESET_ADDRESS_RATE_LIMIT ?? 5 * c.RESET_RATE_LIMIT,
  };
}

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

// A blank variable counts as unset, except these, where empty is how an operator turns the service off.
const BLANK_TURNS_OFF = new Set(['WEATHER_URL', 'MAP_TILE_URL']);

/** Reads the environment once at start; a bad value stops the server with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([k, v]) => v !== '' || BLANK_TURNS_OFF.has(k)));
  const parsed = schema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
