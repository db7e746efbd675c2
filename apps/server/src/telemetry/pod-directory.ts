import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hasForbiddenCharacters } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import type { PodIdentity } from './reading-validation';

/** 32 random bytes: far beyond guessing, so a fast SHA-256 is the right hash (argon2 is for passwords). */
export const newIngestKey = () => randomBytes(32).toString('base64url');
export const hashIngestKey = (key: string) => createHash('sha256').update(key).digest('hex');

const TTL_MS = 30_000;

/**
 * Resolves a pod from its identifier and key. Entries are cached: a pod that sends every few seconds
 * should not cost a query per message. A pod updated (deactivated, its key rotated), deleted or given
 * another sensor is forgotten on every instance through the change feed (IngestService.watchPods, migration
 * 012), and at once by the instance that wrote it (pod-directory-writes.ts: its own NOTIFY may come after its
 * answer); TTL_MS only bounds staleness while that notification channel is down.
 */
export class PodDirectory {
  private cache = new Map<string, { at: number; keyHash: string | null; pod: PodIdentity | null }>();
  // Bumped by every forget: a lookup that started before it must not cache what it read.
  private generation = 0;

  constructor(private readonly db: Queryable) {}

  async authenticate(identifier: string, key: string): Promise<PodIdentity | null> {
    return this.authenticateHashed(identifier, hashIngestKey(key));
  }

  /** The same with the key hashed already: an MQTT connection hashes its key once, not for every message. */
  async authenticateHashed(identifier: string, keyHash: string): Promise<PodIdentity | null> {
    const entry = await this.lookup(identifier);
    if (!entry.pod || !entry.keyHash) return null;
    const a = Buffer.from(entry.keyHash, 'hex');
    const b = Buffer.from(keyHash, 'hex');
    return a.length === b.length && timingSafeEqual(a, b) ? entry.pod : null;
  }

  /** For readings that arrive through an external broker, which has already checked the pod. */
  async byIdentifier(identifier: string): Promise<PodIdentity | null> {
    return (await this.lookup(identifier)).pod;
  }

  forget(identifier?: string) {
    this.generation++;
    if (identifier) this.cache.delete(identifier);
    else this.cache.clear();
  }

  private async lookup(identifier: string) {
    // No pod has one (identifiers are one-line text), and PostgreSQL would refuse the parameter.
    if (hasForbiddenCharacters(identifier)) return { at: 0, keyHash: null, pod: null };
    const hit = this.cache.get(identifier);
    if (hit && Date.now() - hit.at < TTL_MS) return hit;
    const generation = this.generation;
    const rows = await this.db.query<{
      id: number;
      ingest_key_hash: string | null;
      active: boolean;
      sensor_id: number | null;
      type: string | null;
    }>(
      `SELECT p.id, p.ingest_key_hash, p.active, s.id AS sensor_id, s.type
       FROM pod p LEFT JOIN pod_sensor ps ON ps.pod_id = p.id LEFT JOIN sensor s ON s.id = ps.sensor_id
       WHERE p.identifier = $1`,
      [identifier],
    );
    const first = rows[0];
    let entry: { at: number; keyHash: string | null; pod: PodIdentity | null };
    if (!first?.active) entry = { at: Date.now(), keyHash: null, pod: null };
    else {
      const sensorByType = new Map<string, number>();
      const typeBySensorId = new Map<number, string>();
      for (const r of rows) {
        if (r.sensor_id === null || r.type === null) continue;
        if (!sensorByType.has(r.type)) sensorByType.set(r.type, r.sensor_id);
        typeBySensorId.set(r.sensor_id, r.type);
      }
      entry = {
        at: Date.now(),
        keyHash: first.ingest_key_hash,
        pod: { id: first.id, identifier, sensorByType, typeBySensorId },
      };
    }
    if (generation === this.generation) this.cache.set(identifier, entry);
    return entry;
  }
}
