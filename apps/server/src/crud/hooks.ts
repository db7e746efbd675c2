import { randomBytes } from 'node:crypto';
import type { Resource } from '@greenpod/contracts';
import {
  keepAdministratorOnRoleChange,
  keepAdministratorOnUserDelete,
  keepAdministratorOnUserUpdate,
} from '../auth/last-admin';
import { hashPassword } from '../auth/passwords';
import type { Queryable } from '../db/database';
import { badRequest } from '../http/errors';
import { setNewIngestKey } from '../telemetry/ingest-keys';
import { movePodRollups } from '../telemetry/location-rollups';
import { addReadingToRollups, removeReadingFromRollups } from '../telemetry/rollup-edits';

export type Values = Record<string, unknown>;
export interface HookContext {
  tx: Queryable;
  mode: 'create' | 'update';
  /** The stored row before an update. */
  existing?: Values;
}
type Hook = (values: Values, ctx: HookContext) => Promise<void>;

/** 12 URL-safe characters (docs/domain.md#hierarchy). */
export const newShortcode = () => randomBytes(9).toString('base64url');

/** What a few entities need beyond plain CRUD, kept beside the framework instead of new routes. */
const HOOKS: Record<string, Hook> = {
  async user(values, { tx, mode, existing }) {
    if (typeof values.password === 'string') values.password = await hashPassword(values.password);
    if (mode === 'update' && existing) await keepAdministratorOnUserUpdate(tx, existing, values);
  },
  async role(values, { tx, mode, existing }) {
    if (mode === 'update' && existing && typeof values.accessLevel === 'number')
      await keepAdministratorOnRoleChange(tx, existing.id as number, values.accessLevel);
  },
  async measurement(values, { tx, existing }) {
    const podId = values.podId ?? existing?.podId;
    const sensorId = values.sensorId ?? existing?.sensorId;
    const [link] = await tx.query<{ type: string }>(
      `SELECT s.type FROM pod_sensor ps JOIN sensor s ON s.id = ps.sensor_id WHERE ps.pod_id = $1 AND ps.sensor_id = $2`,
      [podId as number, sensorId as number],
    );
    if (!link)
      throw badRequest('This pod does not carry that sensor', { sensorId: ['This pod does not carry that sensor'] });
    values.sensorType = link.type;
  },
  // A pod's readings count for the location it is in now, history included.
  async pod(values, { tx, mode, existing }) {
    const [to, from, id] = [values.locationId, existing?.locationId, existing?.id];
    if (
      mode === 'update' &&
      typeof to === 'number' &&
      typeof from === 'number' &&
      typeof id === 'number' &&
      to !== from
    )
      await movePodRollups(tx, id, from, to);
  },
};

/** Secrets made once after a create, returned beside the row and never again (only hashes are kept). */
const AFTER_CREATE: Record<string, (tx: Queryable, id: number) => Promise<Record<string, string>>> = {
  async pod(tx, id): Promise<Record<string, string>> {
    const made = await setNewIngestKey(tx, id);
    return made ? { ingestKey: made.ingestKey } : {};
  },
  async measurement(tx, id) {
    await addReadingToRollups(tx, id);
    return {};
  },
};

/** Work done in the delete's transaction, before the row goes. */
const BEFORE_DELETE: Record<string, (tx: Queryable, id: number) => Promise<void>> = {
  measurement: removeReadingFromRollups,
  user: keepAdministratorOnUserDelete,
  role: (tx, id) => keepAdministratorOnRoleChange(tx, id, null),
};

export async function beforeDelete(resource: Resource, tx: Queryable, id: number) {
  await BEFORE_DELETE[resource.name]?.(tx, id);
}

export async function afterCreate(resource: Resource, tx: Queryable, id: number) {
  return (await AFTER_CREATE[resource.name]?.(tx, id)) ?? {};
}

export async function beforeWrite(resource: Resource, values: Values, ctx: HookContext) {
  if (ctx.mode === 'create') {
    for (const [key, f] of Object.entries(resource.fields)) if (f.kind === 'shortcode') values[key] = newShortcode();
  }
  await HOOKS[resource.name]?.(values, ctx);
}
