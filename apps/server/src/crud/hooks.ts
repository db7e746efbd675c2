import { randomBytes } from 'node:crypto';
import { entryFor, type Resource, type ResourceName, type RowCount } from '@greenpod/contracts';
import { removeStoredFile } from '../asset-files';
import {
  keepAdministratorOnRoleChange,
  keepAdministratorOnUserDelete,
  keepAdministratorOnUserUpdate,
} from '../auth/last-admin';
import { hashPassword } from '../auth/passwords';
import type { Config } from '../config';
import type { Database, Queryable } from '../db/database';
import { badRequest } from '../http/errors';
import { setNewIngestKey } from '../telemetry/ingest-keys';
import { movePodRollups } from '../telemetry/location-rollups';
import { deletePodHistory, deletePodReadings, podHistoryCounts, stopPodIngest } from '../telemetry/pod-history';
import { addReadingToRollups, removeReadingFromRollups } from '../telemetry/rollup-edits';
import { measurementRollupTotal } from './measurement-total';
import { checkRow } from './row-checks';

export type Values = Record<string, unknown>;
export interface HookContext {
  tx: Queryable;
  mode: 'create' | 'update';
  /** The stored row before an update. */
  existing?: Values;
}

/** Everything one entity does beyond plain CRUD, in the transaction of the write it belongs to. */
export interface EntityHooks {
  /** Adjusts or checks the values before they are stored (create and update). */
  beforeWrite?: (values: Values, ctx: HookContext) => Promise<void>;
  /** Runs after the insert; returns the one-time secrets sent back beside the row (only hashes are kept). */
  afterCreate?: (tx: Queryable, id: number) => Promise<Record<string, string>>;
  /** Runs after an update is stored, in its transaction. */
  afterUpdate?: (tx: Queryable, id: number) => Promise<void>;
  /**
   * Deleting a row that owns many rows, in three steps: `prepareDelete` in a first short transaction
   * (after the scope and blocking checks), `clearOwned` outside any transaction (batches of their own,
   * so the one PGlite connection is never held for long), then `beforeDelete` in the transaction that
   * deletes the row and the registry rows it owns.
   */
  prepareDelete?: (tx: Queryable, id: number) => Promise<void>;
  clearOwned?: (db: Database, id: number) => Promise<void>;
  /** Runs before the row goes. */
  beforeDelete?: (tx: Queryable, id: number) => Promise<void>;
  /** Runs once the delete is committed, with the row as it was: for what it kept outside the database. */
  afterDelete?: (row: Values, config: Config) => Promise<void>;
  /** Rows outside the registry that go with the row, counted for the delete preview. */
  ownedCounts?: (tx: Queryable, id: number) => Promise<RowCount[]>;
  /** A list total cheaper than counting the rows, or null to count them (bounded) after all. */
  listTotal?: typeof measurementRollupTotal;
}

/** 12 URL-safe characters (docs/domain.md#hierarchy). */
const newShortcode = () => randomBytes(9).toString('base64url');

/** What a few entities need beyond plain CRUD, kept beside the framework instead of new routes. */
export const ENTITY_HOOKS = {
  user: {
    async beforeWrite(values, { tx, mode, existing }) {
      if (typeof values.password === 'string') values.password = await hashPassword(values.password);
      if (mode === 'update' && existing) await keepAdministratorOnUserUpdate(tx, existing, values);
    },
    beforeDelete: keepAdministratorOnUserDelete,
  },
  role: {
    async beforeWrite(values, { tx, mode, existing }) {
      if (mode === 'update' && existing && typeof values.accessLevel === 'number')
        await keepAdministratorOnRoleChange(tx, existing.id as number, values.accessLevel);
    },
    beforeDelete: (tx, id) => keepAdministratorOnRoleChange(tx, id, null),
  },
  measurement: {
    async beforeWrite(values, { tx, mode, existing }) {
      const podId = values.podId ?? existing?.podId;
      const sensorId = values.sensorId ?? existing?.sensorId;
      const [link] = await tx.query<{ type: string }>(
        `SELECT s.type FROM pod_sensor ps JOIN sensor s ON s.id = ps.sensor_id WHERE ps.pod_id = $1 AND ps.sensor_id = $2`,
        [podId as number, sensorId as number],
      );
      if (!link)
        throw badRequest('This pod does not carry that sensor', { sensorId: ['This pod does not carry that sensor'] });
      values.sensorType = link.type;
      // An edit may change pod, sensor and value at once: the reading leaves its rollups as it was
      // stored and joins them again as it is written (afterUpdate), which keeps min and max exact too.
      if (mode === 'update' && typeof existing?.id === 'number') await removeReadingFromRollups(tx, existing.id);
    },
    async afterCreate(tx, id) {
      await addReadingToRollups(tx, id);
      return {};
    },
    afterUpdate: addReadingToRollups,
    beforeDelete: removeReadingFromRollups,
    listTotal: measurementRollupTotal,
  },
  pod: {
    // An indoor pod's readings count for the location and area it is in now, history included.
    async beforeWrite(values, { tx, mode, existing }) {
      if (mode !== 'update' || typeof existing?.id !== 'number') return;
      const { locationId, areaId } = existing;
      if (typeof locationId !== 'number' || typeof areaId !== 'number') return;
      const from = { locationId, areaId, outdoor: existing.outdoor === true };
      const to = {
        locationId: typeof values.locationId === 'number' ? values.locationId : from.locationId,
        areaId: typeof values.areaId === 'number' ? values.areaId : from.areaId,
        outdoor: typeof values.outdoor === 'boolean' ? values.outdoor : from.outdoor,
      };
      await movePodRollups(tx, existing.id, from, to);
    },
    async afterCreate(tx, id): Promise<Record<string, string>> {
      const made = await setNewIngestKey(tx, id);
      return made ? { ingestKey: made.ingestKey } : {};
    },
    prepareDelete: stopPodIngest,
    clearOwned: deletePodReadings,
    beforeDelete: deletePodHistory,
    ownedCounts: podHistoryCounts,
  },
  // The file goes only after its row (docs/domain.md#assets): a failed delete leaves both.
  asset: {
    afterDelete: (row, config) => removeStoredFile(config.ASSET_DIR, row.path),
  },
} satisfies Partial<Record<ResourceName, EntityHooks>>;

const hooksOf = (resource: Resource) => entryFor<EntityHooks>(ENTITY_HOOKS, resource);

export function listTotalHook(resource: Resource) {
  return hooksOf(resource)?.listTotal;
}

export async function beforeDelete(resource: Resource, tx: Queryable, id: number) {
  await hooksOf(resource)?.beforeDelete?.(tx, id);
}

export async function prepareDelete(resource: Resource, tx: Queryable, id: number) {
  await hooksOf(resource)?.prepareDelete?.(tx, id);
}

export async function clearOwned(resource: Resource, db: Database, id: number) {
  await hooksOf(resource)?.clearOwned?.(db, id);
}

export async function afterDelete(resource: Resource, row: Values, config: Config) {
  await hooksOf(resource)?.afterDelete?.(row, config);
}

export async function ownedCountsOf(resource: Resource, tx: Queryable, id: number): Promise<RowCount[]> {
  return (await hooksOf(resource)?.ownedCounts?.(tx, id)) ?? [];
}

export async function afterUpdate(resource: Resource, tx: Queryable, id: number) {
  await hooksOf(resource)?.afterUpdate?.(tx, id);
}

export async function afterCreate(resource: Resource, tx: Queryable, id: number) {
  return (await hooksOf(resource)?.afterCreate?.(tx, id)) ?? {};
}

export async function beforeWrite(resource: Resource, values: Values, ctx: HookContext) {
  if (ctx.mode === 'create') {
    for (const [key, f] of Object.entries(resource.fields)) if (f.kind === 'shortcode') values[key] = newShortcode();
  }
  // The resource's own checks across fields (a rule's threshold and clear level) come before any hook writes.
  await checkRow(resource, values, ctx);
  await hooksOf(resource)?.beforeWrite?.(values, ctx);
}
