import { execFile } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { chmod, rename, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';

/** mosquitto_passwd's own count: an ingest key is 32 random bytes, so the count is not what guards it. */
const POD_ITERATIONS = 101;
// The subscriber's password is chosen by a person and may be weak: a leaked file should be slow to try.
const SUBSCRIBER_ITERATIONS = 20_000;

/** A password hash Mosquitto 2 checks natively: `$7$<iterations>$<salt>$<PBKDF2-SHA512>`, base64. */
export function mosquittoHash(secret: string, iterations = POD_ITERATIONS, salt: Buffer = randomBytes(12)): string {
  const hash = pbkdf2Sync(secret, salt, iterations, 64, 'sha512');
  return `$7$${iterations}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export interface BrokerFilesOptions {
  passwordFile: string;
  aclFile: string;
  /** Run through the shell after each rewrite so the broker rereads the files (e.g. kill -HUP). */
  reloadCommand?: string;
  /** How long after the last rewrite the reload is sent once more (see BrokerCredentials.settle). */
  settleMs?: number;
  subscriber: { username: string; password: string };
}

/** Only in MQTT_URL mode with both files named; config.ts has checked MQTT_URL carries a user and password. */
export function brokerFilesOptions(config: Config): BrokerFilesOptions | null {
  if (!config.MQTT_URL || !config.MQTT_PASSWORD_FILE || !config.MQTT_ACL_FILE) return null;
  const url = new URL(config.MQTT_URL);
  return {
    passwordFile: config.MQTT_PASSWORD_FILE,
    aclFile: config.MQTT_ACL_FILE,
    reloadCommand: config.MQTT_RELOAD_COMMAND,
    subscriber: { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) },
  };
}

const HEADER = '# Written by Greenpod from its pods (ADR 0017): edits here are overwritten.\n';
// Advisory lock ('GPMQ') held while reading the pods and renaming the files: with several instances
// writing the same files, the last file in place is read after the last committed change.
const LOCK = [0x47504d51, 1];

/**
 * Keeps the external broker's password and ACL files equal to the active pods (ADR 0017): each pod
 * logs in with its identifier and ingest key and may publish only to pods/<identifier>/readings;
 * Greenpod's own subscriber may read them all. Rewrites are queued so the last one reflects the last
 * committed change, across instances too.
 */
export class BrokerCredentials {
  private queue: Promise<unknown> = Promise.resolve();
  private settleTimer: NodeJS.Timeout | undefined;
  private readonly subscriberHash: string;
  private readonly run = promisify(execFile);

  constructor(
    private readonly db: Database,
    private readonly opts: BrokerFilesOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.subscriberHash = mosquittoHash(opts.subscriber.password, SUBSCRIBER_ITERATIONS);
  }

  /** Rewrites both files from the database and asks the broker to reload; counts the active pods left out. */
  write(): Promise<{ pods: number; withoutBrokerKey: number }> {
    const next = this.queue.then(() => this.writeNow());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async writeNow() {
    const { username } = this.opts.subscriber;
    const counts = await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', LOCK);
      const rows = await tx.query<{ identifier: string; broker_key_hash: string | null }>(
        'SELECT identifier, broker_key_hash FROM pod WHERE active ORDER BY identifier',
      );
      const pods = rows.filter((r) => r.broker_key_hash !== null && r.identifier !== username);
      const passwords = [
        `${username}:${this.subscriberHash}`,
        ...pods.map((p) => `${p.identifier}:${p.broker_key_hash}`),
      ];
      const acl = [
        `user ${username}`,
        'topic read pods/+/readings',
        '',
        '# Every pod: its own topic, nothing else.',
        'pattern write pods/%u/readings',
      ];
      await writeAtomically(this.opts.passwordFile, `${passwords.join('\n')}\n`);
      await writeAtomically(this.opts.aclFile, `${HEADER}${acl.join('\n')}\n`);
      return { pods: pods.length, withoutBrokerKey: rows.filter((r) => r.broker_key_hash === null).length };
    });
    await this.reload();
    this.settle();
    return counts;
  }

  private async reload() {
    if (!this.opts.reloadCommand) return;
    try {
      await this.run('/bin/sh', ['-c', this.opts.reloadCommand], { timeout: 10_000 });
    } catch (err) {
      this.log.error(err, 'MQTT_RELOAD_COMMAND failed: the broker still has the previous pod credentials');
    }
  }

  /**
   * Mosquitto forgets a SIGHUP that arrives while it is still rereading its files (it clears its reload
   * flag after the reread), so of two rewrites in quick succession the broker could keep the first. One
   * more reload a moment after the last rewrite makes the files in place the ones it ends up with.
   */
  private settle() {
    if (!this.opts.reloadCommand) return;
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = undefined;
      this.queue = this.queue.then(() => this.reload());
    }, this.opts.settleMs ?? 1000);
    this.settleTimer.unref();
  }

  /** Stops a pending settle reload (the server is closing). */
  close() {
    clearTimeout(this.settleTimer);
  }
}

/**
 * Readable by the owner and the folder's group, and renamed into place so the broker never reads half a
 * file. The README's folder is setgid with group mosquitto: Debian's service runs as user mosquitto and
 * reads the files through that group; nobody else can.
 */
async function writeAtomically(file: string, content: string) {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, content, { mode: 0o640, flag: 'wx' });
  await chmod(temp, 0o640);
  await rename(temp, file);
}

/** At start in MQTT_URL mode, before subscribing: writes the files and says what the operator must do. */
export async function brokerCredentialsAtStart(app: FastifyInstance): Promise<string | null> {
  if (!app.brokerCredentials) {
    return 'MQTT_URL without MQTT_PASSWORD_FILE and MQTT_ACL_FILE: the broker must authenticate pods and keep each to its own topic by itself';
  }
  const { withoutBrokerKey } = await app.brokerCredentials.write();
  if (withoutBrokerKey === 0) return null;
  return `${withoutBrokerKey} active pods have a key older than the broker credentials and cannot connect to the broker: rotate their ingest keys (POST /api/pod/:id/ingest-key)`;
}

// The routes that make, change or remove a pod or its key.
const POD_ROUTES = new Set(['/api/pod', '/api/pod/:id', '/api/pod/:id/ingest-key']);

/** Decorates app.brokerCredentials and rewrites the files after every successful change to a pod. */
export function registerBrokerCredentials(app: FastifyInstance) {
  const opts = brokerFilesOptions(app.config);
  const credentials = opts ? new BrokerCredentials(app.db, opts, app.log) : null;
  app.decorate('brokerCredentials', credentials);
  if (!credentials) return;
  app.addHook('onClose', async () => credentials.close());
  // onSend runs after the handler's transaction has committed and before the answer leaves, so the
  // administrator's answer means the broker has been told.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && POD_ROUTES.has(request.routeOptions.url ?? '')) {
      await credentials
        .write()
        .catch((err: Error) => request.log.error(err, 'rewriting the broker credentials failed'));
    }
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    brokerCredentials: BrokerCredentials | null;
  }
}
