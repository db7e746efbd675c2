import type { FastifyInstance } from 'fastify';

// The routes whose writes change what the directory holds: a pod (made, changed, deleted, re-keyed) and the
// sensors it carries.
const POD_WRITE_ROUTES = new Set([
  '/api/pod',
  '/api/pod/:id',
  '/api/pod/:id/ingest-key',
  '/api/pod-sensor',
  '/api/pod-sensor/:id',
]);

/**
 * The instance that changed a pod forgets at once, before its answer leaves (docs/decisions/0011-ingest-path.md).
 * The change feed (migration 012) tells every instance, this one included, but PostgreSQL delivers the NOTIFY
 * on the LISTEN connection on its own time, often after the write has answered: the writer's next request
 * (re-enabling a pod, then its reading) met the old entry. onSend runs after the handler's commits, so no
 * lookup after it can read what was there before. The whole cache goes, as after a gap in the feed: a change
 * to a pod is an administrator's rare act, and every entry is read again within 30 seconds anyway.
 */
export function forgetPodsOnOwnWrites(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && POD_WRITE_ROUTES.has(request.routeOptions.url ?? ''))
      app.ingest.forgetPods();
    return payload;
  });
}
