import {
  entryFor,
  type FieldDef,
  RESOURCE_BY_NAME,
  type Resource,
  type ResourceName,
  unhandledKind,
} from '@greenpod/contracts';
import { png } from './images';
import type { TestApp } from './test-app';
import { uploadAssets } from './uploads';

/** Ids already made for this test, by entity: children reuse them, so every body is consistent. */
export type Context = Record<string, number>;

/** Rows a resource needs beyond its required refs: a reading may only be stored for a sensor its pod carries. */
const PREREQUISITES = {
  measurement: ['pod-sensor'],
} satisfies Partial<Record<ResourceName, readonly ResourceName[]>>;

const prerequisitesOf = (resource: Resource) => entryFor<readonly ResourceName[]>(PREREQUISITES, resource) ?? [];

let counter = 0;

/** A valid value for a field, derived from its definition alone. */
export function sampleValue(f: FieldDef, n: number): unknown {
  switch (f.kind) {
    case 'text':
      if (f.format === 'email') return `user${n}@example.com`;
      if (f.format === 'color') return '#12ab34';
      if (f.format === 'password') return 'password-123';
      if (f.format === 'slug') return `id-${n}`;
      return `${f.label} ${n}`.slice(0, f.max ?? 255);
    // 1 where the bounds allow it, else the bound nearest to it: a rule's threshold must also fit
    // the type of its sensor (the factory's sensor is a temperature sensor, -40..100).
    case 'number':
      return Math.min(Math.max(1, f.min ?? 0), f.max ?? Number.POSITIVE_INFINITY);
    // A flag's default where it has one (a pod is indoor unless said otherwise), else on.
    case 'flag':
      return f.default ?? true;
    case 'enum':
      return f.values[0];
    case 'tags':
      return [f.values[0]];
    // A ref is an id the caller makes first; a shortcode is made by the server.
    case 'ref':
    case 'shortcode':
      return undefined;
    default:
      return unhandledKind(f);
  }
}

/** Builds a valid create body, creating (through the API, as admin) every required parent. */
export async function buildBody(t: TestApp, resource: Resource, ctx: Context): Promise<Record<string, unknown>> {
  const n = ++counter;
  for (const pre of prerequisitesOf(resource)) await ensure(t, pre, ctx);
  const body: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(resource.fields)) {
    if (f.readOnly) continue;
    if (f.kind === 'ref') {
      if (f.required) body[key] = await ensure(t, f.entity, ctx);
      else if (ctx[f.entity]) body[key] = ctx[f.entity];
      continue;
    }
    if (!f.required && !f.requiredOnCreate && f.kind !== 'flag') continue;
    body[key] = sampleValue(f, n);
  }
  return body;
}

/** The id of an entity in this context, created on first need. */
export async function ensure(t: TestApp, entity: string, ctx: Context): Promise<number> {
  const known = ctx[entity];
  if (known) return known;
  const resource = RESOURCE_BY_NAME.get(entity);
  if (!resource) throw new Error(`factory cannot make ${entity}`);
  const id = await create(t, resource, ctx);
  ctx[entity] = id;
  return id;
}

/**
 * Rows of resources made by a route of their own (customCreate): a saving (it needs a tariff and a closed period
 * of readings) is written straight into the table once its parents exist, tests of the computation live beside
 * it; an asset is uploaded as the admin form does, a tiny PNG.
 */
const COMPUTED_ROWS: Partial<Record<ResourceName, (t: TestApp, ctx: Context) => Promise<number>>> = {
  asset: async (t, ctx) => {
    const clientId = await ensure(t, 'client', ctx);
    const n = ++counter;
    const res = await uploadAssets(t, {
      groupId: ctx.group as number,
      clientId,
      titles: [`Asset ${n}`],
      files: [{ filename: `asset-${n}.png`, bytes: png() }],
    });
    const [row] = (res.body.data ?? []) as { id: number }[];
    if (res.status !== 201 || !row)
      throw new Error(`factory: POST /api/asset ${res.status} ${JSON.stringify(res.body)}`);
    return row.id;
  },
  savings: async (t, ctx) => {
    const podId = await ensure(t, 'pod', ctx);
    const n = ++counter;
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO saving (group_id, client_id, pod_id, sensor_type, type, time_range, period_start, period_end,
                           expected, actual, avoided, unit, value_flat, currency, value_percentage, stars, method, status)
       SELECT p.group_id, p.client_id, p.id, 'ELECTRICITY', 'DAILY', '1 Jan 2020', $2::date, $2::date,
              100, 90, 10, 'kWh', 2.5, 'EUR', 10, 2, 'tariff', 'tariff'
       FROM pod p WHERE p.id = $1 RETURNING id`,
      [podId, new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)],
    );
    if (!row) throw new Error('factory: no saving written');
    return row.id;
  },
};

export async function create(t: TestApp, resource: Resource, ctx: Context, extra: Record<string, unknown> = {}) {
  const computed = resource.customCreate ? entryFor(COMPUTED_ROWS, resource) : undefined;
  if (computed) return computed(t, ctx);
  const body = { ...(await buildBody(t, resource, ctx)), ...extra };
  const res = await t.call('POST', `/api/${resource.name}`, { token: t.adminToken, body });
  if (res.status !== 201) {
    throw new Error(
      `factory: POST /api/${resource.name} ${res.status} ${JSON.stringify(res.body)} for ${JSON.stringify(body)}`,
    );
  }
  return (res.body.data as { id: number }).id;
}

/** A user with the seeded Viewer role or a role of its own, verified, signed in. */
export async function createUser(t: TestApp, roleId: number) {
  const n = ++counter;
  const email = `viewer${n}@example.com`;
  const res = await t.call('POST', '/api/user', {
    token: t.adminToken,
    body: {
      roleId,
      firstName: 'Vi',
      lastName: `Ewer ${n}`,
      email,
      password: 'viewer-password',
      active: true,
      verified: true,
    },
  });
  if (res.status !== 201) throw new Error(`createUser ${res.status} ${JSON.stringify(res.body)}`);
  return { id: (res.body.data as { id: number }).id, email, token: await t.login(email, 'viewer-password') };
}

/**
 * One change a PUT can make to a row `create` made with `ctx`, derived from the definition: a plain
 * text or number field, else a flag turned off (`create` turns flags on), another enum value, or
 * another parent row for a ref no other field cascades from (made beside the row's own parents when
 * the ref cascades, so the cascade check still passes). Null when
 * no field can change: the generated suite fails on that rather than skip the resource's PUT.
 */
export async function updateChange(
  t: TestApp,
  resource: Resource,
  ctx: Context,
): Promise<{ key: string; value: unknown } | null> {
  const fields = Object.entries(resource.fields).filter(([, f]) => !f.readOnly && !f.virtual && !f.hideInForm);
  const plain = fields.find(([, f]) => (f.kind === 'text' && !f.format) || f.kind === 'number');
  if (plain) {
    const [key, f] = plain;
    return { key, value: f.kind === 'number' ? (f.max ?? 2) : `Changed ${key}` };
  }
  const flag = fields.find(([, f]) => f.kind === 'flag');
  if (flag) return { key: flag[0], value: false };
  for (const [key, f] of fields) if (f.kind === 'enum' && f.values.length > 1) return { key, value: f.values[1] };
  // A ref other fields cascade from (a group above a client) would strand them: change a leaf.
  const isParent = (key: string) => fields.some(([, f]) => f.kind === 'ref' && f.parent === key);
  for (const [key, f] of fields) {
    const target = f.kind === 'ref' && !isParent(key) ? RESOURCE_BY_NAME.get(f.entity) : undefined;
    if (target && f.kind === 'ref') return { key, value: await create(t, target, f.parent ? { ...ctx } : {}) };
  }
  return null;
}
