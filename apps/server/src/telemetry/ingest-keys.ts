import type { Queryable } from '../db/database';
import { mosquittoHash } from './broker-credentials';
import { hashIngestKey, newIngestKey } from './pod-directory';

/**
 * Gives a pod a new ingest key and returns it with the pod's identifier, or null when no pod has
 * that id. Only the key's hashes are stored (one for HTTP ingest, one for the external broker's
 * password file), so the key is shown once, by whoever made it: a new pod or a rotation.
 */
export async function setNewIngestKey(
  db: Queryable,
  podId: number,
): Promise<{ identifier: string; ingestKey: string } | null> {
  const ingestKey = newIngestKey();
  const [row] = await db.query<{ identifier: string }>(
    'UPDATE pod SET ingest_key_hash = $1, broker_key_hash = $2, updated = now() WHERE id = $3 RETURNING identifier',
    [hashIngestKey(ingestKey), mosquittoHash(ingestKey), podId],
  );
  return row ? { identifier: row.identifier, ingestKey } : null;
}
