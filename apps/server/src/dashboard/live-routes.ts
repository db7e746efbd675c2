import { ADMIN_ACCESS_LEVEL, formatWireTime, type Scope } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadScope } from '../auth/scope';
import type { SqlParam } from '../db/database';
import { unauthorized } from '../http/errors';
import { visibleIds } from './dashboard-scope';
import { type LiveBus, localBus, postgresBus } from './live-bus';
import { PodCoalescer } from './live-coalescer';

const HEARTBEAT_MS = 15_000;
// A stream learns of pods moved into (or out of) its scope within this time.
const SCOPE_REFRESH_MS = 60_000;

/**
 * GET /api/live: Server-Sent Events of the readings the caller may see, as they commit. The token
 * comes as ?token= because EventSource cannot send headers.
 */
export async function liveRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const bus: LiveBus =
    app.db.kind === 'postgres' && app.config.DATABASE_URL ? await postgresBus(app.db, app.config.DATABASE_URL, app.log) : localBus();

  // Chain onto the writer's hook rather than take it over: other features may listen too.
  const writer = app.ingest.writer;
  const previous = writer.onCommitted;
  writer.onCommitted = (rows) => {
    previous?.(rows);
    // Only the latest reading per pod and sensor type can reach a screen (the bus and PodCoalescer
    // keep the latest, later wins a tie): the rest of a batch is not formatted at all (bench/ingest).
    const latest = new Map<string, (typeof rows)[number]>();
    for (const r of rows) {
      const key = `${r.podId}/${r.sensorType}`;
      const known = latest.get(key);
      if (!known || known.created.getTime() <= r.created.getTime()) latest.set(key, r);
    }
    bus.publish([...latest.values()].map((r) => ({ podId: r.podId, sensorType: r.sensorType, value: r.value, created: formatWireTime(r.created) })));
  };

  // Open streams would keep app.close() waiting forever: end them first.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.addHook('onClose', async () => {
    writer.onCommitted = previous;
    await bus.close();
  });

  app.get('/api/live', {
    schema: {
      tags: ['dashboard'],
      summary: 'Server-Sent Events: `reading` events of pods in scope (at most one per pod per second), a comment every 15 s',
      querystring: z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(4096) }),
    },
  }, async (request, reply) => {
    const scope = await scopeOfToken(app, request.query.token);
    let visible = await visiblePods(app, scope);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no', // nginx would otherwise buffer the stream
    });
    res.write('retry: 5000\n: connected\n\n');

    const coalescer = new PodCoalescer((event) => res.write(`event: reading\ndata: ${JSON.stringify(event)}\n\n`));
    const unsubscribe = bus.subscribe((readings) => coalescer.push(readings.filter((r) => visible.has(r.podId))));
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const refresh = setInterval(() => {
      visiblePods(app, scope).then(
        (ids) => {
          visible = ids;
        },
        (err) => request.log.warn({ err }, 'live: scope refresh failed'),
      );
    }, SCOPE_REFRESH_MS);

    const cleanup = () => {
      streams.delete(end);
      unsubscribe();
      coalescer.close();
      clearInterval(heartbeat);
      clearInterval(refresh);
    };
    const end = () => {
      cleanup();
      res.end();
    };
    streams.add(end);
    res.on('close', cleanup);
  });
}

/** The caller of a token, checked as auth/caller.ts checks a Bearer token (active, verified). */
async function scopeOfToken(app: FastifyInstance, token: string): Promise<Scope> {
  let sub: number;
  try {
    sub = app.jwt.verify<{ sub: number }>(token).sub;
  } catch {
    throw unauthorized('Your session has expired or is not valid. Please sign in again.');
  }
  const [row] = await app.db.query<{ role_id: number; access_level: number }>(
    `SELECT u.role_id, r.access_level FROM app_user u JOIN role r ON r.id = u.role_id
     WHERE u.id = $1 AND u.active AND u.verified`,
    [sub],
  );
  if (!row) throw unauthorized('Your account is not active. Please sign in again.');
  return row.access_level >= ADMIN_ACCESS_LEVEL ? { all: true } : loadScope(app.db, row.role_id, row.access_level);
}

async function visiblePods(app: FastifyInstance, scope: Scope): Promise<Set<number>> {
  const params: SqlParam[] = [];
  const rows = await app.db.query<{ id: number }>(visibleIds(scope, params).pods(), params);
  return new Set(rows.map((r) => r.id));
}
