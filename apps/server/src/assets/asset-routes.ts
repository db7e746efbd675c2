import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { ASSET_TYPES, asset } from '@greenpod/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { incomingDir, storedPath, sweepIncoming } from '../asset-files';
import { authenticate, callerOf, requireAdmin } from '../auth/caller';
import { createRepository } from '../crud/repository';
import { notFound } from '../http/errors';
import { bearerSecurity, errorResponses, idParams, ok } from '../http/route-schemas';
import { callerMayFetch, storedAsset } from './asset-access';
import { storeUpload } from './asset-upload';
import { inlineDisposition } from './content-disposition';
import { createSvgChecker } from './svg-checker';
import { MAX_FILES_PER_UPLOAD, receiveUpload } from './upload-parts';

/** What a file may do when opened by itself: nothing runs, nothing loads (an SVG's inline style still applies). */
const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** The files of an asset never change (a new upload is a new row), so a cached copy stays right for its life. */
const MAX_AGE_S = 3600;
/** A temporary file this old was left by a process that died mid-upload. */
const ABANDONED_UPLOAD_MS = 60 * 60_000;

// For the OpenAPI document only: the handler reads the multipart body part by part (upload-parts.ts).
const uploadBody = z.object({
  groupId: z.number().int().describe('The group of the client'),
  clientId: z.number().int().describe('The client the images belong to'),
  title: z
    .union([z.string(), z.array(z.string())])
    .describe("One title for every file, or the field repeated once per file, in the files' order"),
  'assets[]': z
    .array(z.string().meta({ format: 'binary' }))
    .describe(`One to ${MAX_FILES_PER_UPLOAD} images: png, jpg, webp or svg by their bytes, at most 5 MB each`),
});

/** Uploads and their files (docs/api.md#assets); listing and deleting rows is the generic CRUD's. */
export async function assetRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ASSET_DIR: assetDir, ASSET_QUOTA_MB } = app.config;
  await app.register(multipart);
  await sweepIncoming(assetDir, ABANDONED_UPLOAD_MS);
  const svg = createSvgChecker();
  app.addHook('onClose', () => svg.close());
  const rows = createRepository(app.db, asset, {
    countLimit: app.config.LIST_COUNT_LIMIT,
    timeoutMs: app.config.LIST_STATEMENT_TIMEOUT_MS,
    config: app.config,
  });

  app.post(
    '/api/asset',
    {
      schema: {
        tags: ['asset'],
        security: bearerSecurity,
        operationId: 'uploadAssets',
        summary: 'Upload images for a client (multipart/form-data)',
        consumes: ['multipart/form-data'],
        body: uploadBody,
        response: {
          201: z.object({ success: z.literal(true), data: z.array(asset.rowSchema) }),
          ...errorResponses(400, 401, 403, 409, 413, 415, 429),
        },
      },
      // The body is a stream the handler checks itself; the schema above documents it.
      validatorCompiler: () => (value) => ({ value }),
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const upload = await receiveUpload(request, await incomingDir(assetDir));
      const ids = await storeUpload(app.db, upload, { assetDir, quotaBytes: ASSET_QUOTA_MB * 1024 * 1024, svg });
      const caller = callerOf(request);
      const data = await Promise.all(ids.map((id) => rows.read(id, caller)));
      return reply.status(201).send(ok(data) as never);
    },
  );

  app.get(
    '/api/asset/file/:id',
    {
      schema: {
        tags: ['asset'],
        // A theme's logos and favicon are public; any other file needs the session token.
        security: [...bearerSecurity, {}],
        operationId: 'getAssetFile',
        summary: "An asset's image: public when an active configuration shows it, else for the asset's client",
        params: idParams,
        response: {
          200: {
            description: 'The image, as stored (an SVG as sanitised at upload); 304 to a matching If-None-Match',
            content: Object.fromEntries(ASSET_TYPES.map((t) => [t.mime, { schema: z.string().describe('binary') }])),
          },
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const found = await storedAsset(app.db, request.params.id);
      if (!found?.theme) {
        // Signed out, a missing file and another client's look alike: 401 before anything is said of the id.
        await authenticate(request);
        if (!found || !(await callerMayFetch(app.db, callerOf(request), found.id))) throw notFound('Asset');
      }
      const file = storedPath(assetDir, found.path);
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info) {
        request.log.warn({ assetId: found.id, path: found.path }, 'the file of an asset is missing from ASSET_DIR');
        throw notFound('Asset');
      }
      const etag = `"${found.path}"`;
      reply
        .header('cache-control', `${found.theme ? 'public' : 'private'}, max-age=${MAX_AGE_S}`)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_CSP);
      // 304 carries no body, so the response schema (typed statuses) leaves it out: the plain reply sends it.
      if (matches(request.headers['if-none-match'], etag)) return (reply as FastifyReply).status(304).send();
      return reply
        .type(found.mime)
        .header('content-length', info.size)
        .header('content-disposition', inlineDisposition(found.title, found.extension))
        .send(createReadStream(file) as never);
    },
  );
}

/** Whether an If-None-Match header (a list, weak tags allowed, or `*`) names this ETag. */
function matches(header: string | undefined, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));
}
