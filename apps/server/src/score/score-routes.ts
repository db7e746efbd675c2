import { formatWireTime, type ScoreAnswer, type ScoreLevel, scoreAnswer } from '@greenpod/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, callerOf } from '../auth/caller';
import { checkPlaces } from '../dashboard/dashboard-scope';
import type { Queryable } from '../db/database';
import { badRequest } from '../http/errors';
import { bearerSecurity, errorResponses, itemResponse, ok, recordId } from '../http/route-schemas';
import { computeScores } from './score-compute';

const scoreQuery = z.object({
  clientId: recordId('clientId').optional(),
  locationId: recordId('locationId').optional(),
  areaId: recordId('areaId').optional(),
  podId: recordId('podId').optional(),
});
const KEYS = { clientId: 'client', locationId: 'location', areaId: 'area', podId: 'pod' } as const;

/** A scope's stored score; computed and stored first when it has none yet. */
export async function readScore(db: Queryable, level: ScoreLevel, id: number, now = new Date()): Promise<ScoreAnswer> {
  const read = () =>
    db.query<Omit<ScoreAnswer, 'computed'> & { computed: Date }>(
      'SELECT stars, reason, completeness, parts, computed FROM green_score WHERE level = $1 AND id = $2',
      [level, id],
    );
  let [row] = await read();
  if (!row) {
    await computeScores(db, { now, levels: [level], ids: [id] });
    [row] = await read();
  }
  if (!row) return { stars: null, reason: 'No score yet', completeness: null, parts: [], computed: null };
  return { ...row, computed: formatWireTime(row.computed) };
}

/** GET /api/score (docs/api.md#green-score): one scope's green score, within the caller's scope. */
export async function scoreRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/score',
    {
      schema: {
        tags: ['dashboard'],
        security: bearerSecurity,
        operationId: 'getScore',
        summary:
          'The green score of exactly one of clientId, locationId, areaId or podId over the last 30 days: stars and parts',
        querystring: scoreQuery,
        response: { 200: itemResponse(scoreAnswer), ...errorResponses(400, 401, 404) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const given = Object.entries(KEYS).flatMap(([key, level]) => {
        const id = request.query[key as keyof typeof KEYS];
        return id === undefined ? [] : [{ key, level, id }];
      });
      const [one] = given;
      if (!one || given.length > 1) {
        const message = 'Give exactly one of clientId, locationId, areaId or podId';
        throw badRequest(message, Object.fromEntries(Object.keys(KEYS).map((k) => [k, [message]])));
      }
      // The dashboard's place check: 404 outside the caller's scope, as for a missing id (docs/domain.md#scope).
      await checkPlaces(app.db, callerOf(request).scope, { [one.key]: one.id });
      return ok(await readScore(app.db, one.level, one.id));
    },
  );
}
