import type { Caller } from '../auth/caller';
import { scopeCovers } from '../auth/scope';
import type { Queryable, SqlParam } from '../db/database';

export type StoredAsset = {
  id: number;
  title: string;
  extension: string;
  mime: string;
  path: string;
  /** Named as a logo or favicon by an active configuration: as public as the theme that shows it. */
  theme: boolean;
};

/** One asset with what serving its file needs, or undefined when there is no such row. */
export async function storedAsset(db: Queryable, id: number): Promise<StoredAsset | undefined> {
  const [row] = await db.query<StoredAsset>(
    `SELECT a.id, a.title, a.extension, a.mime, a.path,
            EXISTS (SELECT 1 FROM configuration c
                    WHERE c.active AND a.id IN (c.primary_logo, c.secondary_logo, c.favicon)) AS theme
     FROM asset a WHERE a.id = $1`,
    [id],
  );
  return row;
}

/**
 * Whether a signed-in caller may fetch an asset's file (docs/domain.md#assets): an administrator; a caller whose
 * scope covers the asset's client (a binding at its group or client, docs/domain.md#scope); or the caller whose
 * own picture it is.
 */
export async function callerMayFetch(db: Queryable, caller: Caller, assetId: number): Promise<boolean> {
  if (caller.isAdmin) return true;
  const params: SqlParam[] = [assetId, caller.userId];
  const covered = scopeCovers({ group: 'a.group_id', client: 'a.client_id' }, caller.scope, params) ?? 'TRUE';
  const [row] = await db.query(
    `SELECT 1 FROM asset a
     WHERE a.id = $1 AND (a.id = (SELECT u.asset_id FROM app_user u WHERE u.id = $2) OR ${covered})`,
    params,
  );
  return row !== undefined;
}
