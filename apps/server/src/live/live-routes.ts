import type { Scope } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Caller, callerOfToken } from '../auth/caller';
import { visibleIds } from '../dashboard/dashboard-scope';
import type { SqlParam } from '../db/database';
import { HttpError } from '../http/errors';
import { errorResponses } from '../http/route-schemas';
import { USER_NOTIFICATION_CHANNEL } from '../notifications/delivery';
import { type LiveBus, localBus, postgresBus, publishCommitted } from './live-bus';
import { PodCoalescer } from './live-coalescer';

const HEARTBEAT_MS = 15_000;
// Every stream turns its token into a caller again this often, as a request would: a deactivated or
// unverified user, a changed password or an expired token ends it, and a changed role or binding
// changes what it carries, within seconds rather than at the next sign-in.
const ACCESS_RECHECK_MS = 3_000;
// Pods moved into (or out of) an unchanged scope, by an edit of the pod, are picked up this often.
const PODS_REFRESH_MS = 60_000;
// What a refused stream is told to wait: a closed tab frees its slot within seconds.
const CAP_RETRY_AFTER_S = 10;

/**
 * GET /api/live: Server-Sent Events of the readings the caller may see, as they commit. The token
 * comes as ?token= because EventSource cannot send headers.
 */
export async function liveRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const bus: LiveBus = app.db.kind === 'postgres' ? await postgresBus(app.db, app.log) : localBus();

  const stopPublishing = publishCommitted(app.ingest.writer, bus);

  // New user-notifications, announced by the rules engine on commit (from any instance): each open
  // stream of those users gets a `notification` event. A lost LISTEN connection may have missed some,
  // so then every stream is told (a refetch too many is harmless).
  const notifyStreams = new Map<number, Set<() => void>>();
  const stopListening = await app.db.listen(USER_NOTIFICATION_CHANNEL, (payload) => {
    let userIds: number[] | null = null;
    try {
      userIds = payload === null ? null : (JSON.parse(payload) as number[]);
    } catch (err) {
      app.log.warn({ err }, 'live: ignoring a malformed user-notification announcement');
      return;
    }
    const targets = userIds === null ? [...notifyStreams.values()] : userIds.map((id) => notifyStreams.get(id));
    for (const set of targets) for (const send of set ?? []) send();
  });

  // Open streams would keep app.close() waiting forever: end them first.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.addHook('onClose', async () => {
    stopPublishing();
    await stopListening();
    await bus.close();
  });

  // Open streams per user on this instance: each holds a connection and re-checks every few seconds.
  const openPerUser = new Map<number, number>();
  const release = (userId: number) => {
    const n = (openPerUser.get(userId) ?? 1) - 1;
    if (n > 0) openPerUser.set(userId, n);
    else openPerUser.delete(userId);
  };

  app.get(
    '/api/live',
    {
      schema: {
        tags: ['dashboard'],
        security: [{ streamToken: [] }],
        operationId: 'streamLiveReadings',
        summary:
          'Server-Sent Events: `reading` events of pods in scope (at most one per pod per second; none with only=notifications), a `notification` event when the caller has new notifications, a `back` event when readings may have been missed (the server lost its database connection and has it again: fetch afresh), a comment every 15 s, and an `end` event before the server closes a stream whose access ended. At most LIVE_STREAMS_PER_USER open streams per user (429 past that)',
        querystring: z.object({
          token: z.string({ error: 'token is required' }).min(1, 'token is required').max(4096),
          only: z.enum(['notifications'], { error: 'only must be "notifications" or left out' }).optional(),
        }),
        response: {
          // Written by hand to the hijacked reply, never serialized: declared for the document only.
          200: {
            description: 'A stream of `reading` events (JSON data) and `end` events',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const { token, only } = request.query;
      const caller = await callerOfToken(app, token);
      const max = app.config.LIVE_STREAMS_PER_USER;
      const open = openPerUser.get(caller.userId) ?? 0;
      if (open >= max) {
        reply.header('retry-after', String(CAP_RETRY_AFTER_S));
        throw new HttpError(
          429,
          `You already have ${open} live streams open, the most allowed. Close another Greenpod tab or try again in a few seconds.`,
        );
      }
      openPerUser.set(caller.userId, open + 1);
      let visible: Set<number>;
      try {
        visible = await visiblePods(app, caller.scope);
      } catch (err) {
        release(caller.userId);
        throw err;
      }
      let scopeKey = JSON.stringify(caller.scope);
      let podsLoaded = Date.now();

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
      const unsubscribe =
        only === 'notifications'
          ? () => {}
          : bus.subscribe((readings) => coalescer.push(readings.filter((r) => visible.has(r.podId))));
      // Readings committed while the bus was cut off from the database never came: the page fetches afresh.
      const stopBack = only === 'notifications' ? () => {} : bus.onBack(() => res.write('event: back\ndata: {}\n\n'));
      const sendNotification = () => res.write('event: notification\ndata: {}\n\n');
      const mine = notifyStreams.get(caller.userId) ?? new Set();
      notifyStreams.set(caller.userId, mine.add(sendNotification));
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);

      let checking = false;
      const recheck = setInterval(() => {
        if (checking) return;
        checking = true;
        callerOfToken(app, token)
          .then(async (now: Caller) => {
            const key = JSON.stringify(now.scope);
            if (key === scopeKey && Date.now() - podsLoaded < PODS_REFRESH_MS) return;
            const ids = await visiblePods(app, now.scope);
            [visible, scopeKey, podsLoaded] = [ids, key, Date.now()];
          })
          .catch((err: unknown) => {
            if (err instanceof HttpError && err.statusCode === 401) {
              res.write(`event: end\ndata: ${JSON.stringify({ error: err.message })}\n\n`);
              end();
            } else {
              // The database briefly out of reach is no reason to drop every stream: try again next time.
              request.log.warn({ err }, 'live: access re-check failed');
            }
          })
          .finally(() => {
            checking = false;
          });
      }, ACCESS_RECHECK_MS);

      let closed = false;
      const cleanup = () => {
        if (closed) return;
        closed = true;
        streams.delete(end);
        release(caller.userId);
        unsubscribe();
        stopBack();
        mine.delete(sendNotification);
        if (mine.size === 0 && notifyStreams.get(caller.userId) === mine) notifyStreams.delete(caller.userId);
        coalescer.close();
        clearInterval(heartbeat);
        clearInterval(recheck);
      };
      const end = () => {
        cleanup();
        res.end();
      };
      streams.add(end);
      res.on('close', cleanup);
    },
  );
}

async function visiblePods(app: FastifyInstance, scope: Scope): Promise<Set<number>> {
  const params: SqlParam[] = [];
  const rows = await app.db.query<{ id: number }>(visibleIds(scope, params).pods(), params);
  return new Set(rows.map((r) => r.id));
}
