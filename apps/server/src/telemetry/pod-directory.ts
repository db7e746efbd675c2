import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hasForbiddenCharacters } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import type { PodIdentity } from './reading-validation';

/** 32 random bytes: far beyond guessing, so a fast SHA-256 is the right hash (argon2 is for passwords). */
export const newIngestKey = () => randomBytes(32).toString('base64url');
export const hashIngestKey = (key: string) => createHash('sha256').update(key).digest('hex');

const TTL_MS = 30_000;

type Entry = { at: number; keyHash: string | null; pod: PodIdentity | null };
type Row = {
  identifier: string;
  id: number;
  ingest_key_hash: string | null;
  active: boolean;
  sensor_id: number | null;
  type: string | null;
};

/**
 * Resolves a pod from its identifier and key. Entries are cached: a pod that sends every few seconds
 * should not cost a query per message. A pod updated (deactivated, its key rotated), deleted or given
 * another sensor is forgotten on every instance through the change feed (IngestService.watchPods, migration
 * 012), and at once by the instance that wrote it (pod-directory-writes.ts: its own NOTIFY may come after its
 * answer); TTL_MS only bounds staleness while that notification channel is down.
 *
 * Performance (docs/performance.md#the-pod-directory-reads-once): pods that connected together expire
 * together, each with messages in flight, and a statement per message queued thousands of them in the pool
 * ahead of everyone else's. A lookup is shared by every caller that asks for the same pod while it runs, and
 * the pods asked for in one turn of the event loop are read in one statement.
 */
export class PodDirectory {
  private cache = new Map<string, Entry>();
  // Bumped by every forget: a lookup that started before it must not cache what it read.
  private generation = 0;
  private inFlight = new Map<string, Promise<Entry>>();
  // The pods of the next read, each with the answer its callers wait for.
  private batch:
    | Map<string, { read: Promise<Entry>; resolve: (e: Entry) => void; reject: (err: unknown) => void }>
    | undefined;

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
    // A lookup already running read the pod before the change: callers from now on wait for a new one.
    if (identifier) {
      this.cache.delete(identifier);
      this.inFlight.delete(identifier);
    } else {
      this.cache.clear();
      this.inFlight.clear();
    }
  }

  private lookup(identifier: string): Promise<Entry> {
    // No pod has one (identifiers are one-line text), and PostgreSQL would refuse the parameter.
    if (hasForbiddenCharacters(identifier)) return Promise.resolve({ at: 0, keyHash: null, pod: null });
    const hit = this.cache.get(identifier);
    if (hit && Date.now() - hit.at < TTL_MS) return Promise.resolve(hit);
    // A pod forgotten after it was queued but before its read starts waits for that read: it comes after the change.
    const running = this.inFlight.get(identifier) ?? this.batch?.get(identifier)?.read;
    if (running) return running;
    if (!this.batch) {
      this.batch = new Map();
      setImmediate(() => this.read());
    }
    let resolve!: (e: Entry) => void;
    let reject!: (err: unknown) => void;
    const read = new Promise<Entry>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    this.batch.set(identifier, { read, resolve, reject });
    this.inFlight.set(identifier, read);
    const done = () => {
      if (this.inFlight.get(identifier) === read) this.inFlight.delete(identifier);
    };
    read.then(done, done);
    return read;
  }

  /** Reads every pod asked for since the last read, in one statement. */
  private async read() {
    const batch = this.batch;
    this.batch = undefined;
    if (!batch) return;
    const generation = this.generation;
    let rows: Row[];
    try {
      rows = await this.db.query<Row>(
        `SELECT p.identifier, p.id, p.ingest_key_hash, p.active, s.id AS sensor_id, s.type
         FROM pod p LEFT JOIN pod_sensor ps ON ps.pod_id = p.id LEFT JOIN sensor s ON s.id = ps.sensor_id
         WHERE p.identifier = ANY($1::text[])`,
        [[...batch.keys()]],
      );
    } catch (err) {
      for (const waiter of batch.values()) waiter.reject(err);
      return;
    }
    const byPod = new Map<string, Row[]>();
    for (const row of rows) {
      const list = byPod.get(row.identifier);
      if (list) list.push(row);
      else byPod.set(row.identifier, [row]);
    }
    const at = Date.now();
    for (const [identifier, waiter] of batch) {
      const entry = entryOf(identifier, byPod.get(identifier) ?? [], at);
      if (generation === this.generation) this.cache.set(identifier, entry);
      waiter.resolve(entry);
    }
  }
}

function entryOf(identifier: string, rows: Row[], at: number): Entry {
  const first = rows[0];
  if (!first?.active) return { at, keyHash: null, pod: null };
  const sensorByType = new Map<string, number>();
  const typeBySensorId = new Map<number, string>();
  for (const r of rows) {
    if (r.sensor_id === null || r.type === null) continue;
    if (!sensorByType.has(r.type)) sensorByType.set(r.type, r.sensor_id);
    typeBySensorId.set(r.sensor_id, r.type);
  }
  return { at, keyHash: first.ingest_key_hash, pod: { id: first.id, identifier, sensorByType, typeBySensorId } };
}
