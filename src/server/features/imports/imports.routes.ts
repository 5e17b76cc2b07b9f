import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, OkSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import {
  CreateImportFieldsSchema,
  CreateImportQuerySchema,
  ExportQuerySchema,
  IMPORT_MESSAGES,
  ImportJobPageSchema,
  ImportJobSchema,
  ImportListQuerySchema,
  ImportPreviewSchema,
  RedirectPageSchema,
  RedirectParamsSchema,
} from '../../../contract/imports.js';
import { sessionRequired } from '../../http/openapi.js';
import { grantUploadTime } from '../../http/server-limits.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { spoolUpload, type SpooledUpload } from './import-spool.js';
import type { ExportsService } from './exports.service.js';
import type { ImportsService } from './imports.service.js';

export interface ImportsRoutesOptions {
  imports: ImportsService;
  exports: ExportsService;
  maxBytes: number;
  /** Imports one account may start a window (an import is the costliest write there is). */
  rateLimit: { max: number; timeWindow: number };
}

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const MULTIPART_OVERHEAD = 64 * 1024;

export const importsRoutes: FastifyPluginAsyncZod<ImportsRoutesOptions> = async (app, { imports, exports, maxBytes, rateLimit }) => {
  const tooLarge = () => new HttpError(413, IMPORT_MESSAGES.tooLarge(Math.round(maxBytes / 1024 / 1024)));
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  /** The file, spooled to disk as it arrives, and the form's fields. */
  async function readUpload(request: FastifyRequest): Promise<{ spooled: SpooledUpload; fileName: string; fields: Record<string, string> }> {
    let spooled: SpooledUpload | undefined;
    let fileName = 'import';
    const fields: Record<string, string> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (spooled) throw badRequest(IMPORT_MESSAGES.tooManyFiles);
        if (part.fieldname !== 'file') throw badRequest(IMPORT_MESSAGES.noFile);
        fileName = (part.filename || 'import').slice(0, 200);
        spooled = await spoolUpload(part.file);
        if (part.file.truncated) throw tooLarge();
      }
      if (!spooled || spooled.bytes === 0) throw badRequest(IMPORT_MESSAGES.noFile);
      return { spooled, fileName, fields };
    } catch (error) {
      await spooled?.remove();
      if (error instanceof HttpError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (code === 'FST_FILES_LIMIT') throw badRequest(IMPORT_MESSAGES.tooManyFiles);
      throw badRequest(IMPORT_MESSAGES.noFile);
    }
  }

  app.post(
    '/channels/:id/imports',
    {
      config: {
        rateLimit: { ...rateLimit, hook: 'preHandler', keyGenerator: (request) => (request.user ? `import-user-${request.user.id}` : `import-ip-${request.ip}`) },
      },
      schema: {
        tags: ['imports'],
        operationId: 'startImport',
        security: sessionRequired,
        summary: 'Import a Ghost, WordPress, Substack, Medium or Broadsheet export into the channel (multipart "file", optional "format", "authors", "siteUrl"); with dryRun=true, the report without importing',
        params: IdParamsSchema,
        querystring: CreateImportQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 200: ImportPreviewSchema.extend({ status: z.enum(['done', 'failed']) }), 202: z.object({ id: z.number().int() }), ...errors, 413: ErrorSchema, 429: ErrorSchema },
      },
      // Refused before a byte of the file is read: signed out, or not the channel's owner or an admin.
      onRequest: async (request) => {
        const user = requireUser(request);
        const id = Number((request.params as unknown as { id: string }).id);
        if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) await imports.assertMayImport(user, id);
        grantUploadTime(request);
      },
      preValidation: async (request) => {
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw tooLarge();
        if (!request.isMultipart()) throw badRequest(IMPORT_MESSAGES.noFile);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { spooled, fileName, fields } = await readUpload(request);
      try {
        const parsed = CreateImportFieldsSchema.safeParse(fields);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
        if (request.query.dryRun === 'true') return reply.status(200).send(await imports.preview(user, request.params.id, { path: spooled.path, fileName }, parsed.data));
        const id = await imports.start(user, request.params.id, { path: spooled.path, fileName }, parsed.data);
        return reply.status(202).send({ id });
      } finally {
        await spooled.remove();
      }
    },
  );

  app.get(
    '/channels/:id/imports',
    {
      onRequest: signedInOnly(),
      schema: { tags: ['imports'], operationId: 'listImports', security: sessionRequired, summary: "The channel's imports, newest first", params: IdParamsSchema, querystring: ImportListQuerySchema, response: { 200: ImportJobPageSchema, ...errors } },
    },
    async (request) => imports.list(requireUser(request), request.params.id, request.query),
  );

  app.get(
    '/imports/:id',
    {
      onRequest: signedInOnly(),
      schema: { tags: ['imports'], operationId: 'getImport', security: sessionRequired, summary: "An import's progress and report", params: IdParamsSchema, response: { 200: ImportJobSchema, ...errors } },
    },
    async (request) => imports.get(requireUser(request), request.params.id),
  );

  app.get(
    '/channels/:id/redirects',
    {
      onRequest: signedInOnly(),
      schema: { tags: ['imports'], operationId: 'listRedirects', security: sessionRequired, summary: 'The old addresses that answer 301 with an article of the channel', params: IdParamsSchema, querystring: ImportListQuerySchema, response: { 200: RedirectPageSchema, ...errors } },
    },
    async (request) => imports.redirects(requireUser(request), request.params.id, request.query),
  );

  app.delete(
    '/channels/:id/redirects/:redirectId',
    {
      onRequest: signedInOnly(),
      schema: { tags: ['imports'], operationId: 'deleteRedirect', security: sessionRequired, summary: 'Stop redirecting an old address', params: RedirectParamsSchema, response: { 200: OkSchema, ...errors } },
    },
    async (request) => {
      await imports.deleteRedirect(requireUser(request), request.params.id, request.params.redirectId);
      return { success: true as const };
    },
  );

  app.get(
    '/channels/:id/export',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['imports'],
        operationId: 'exportChannel',
        security: sessionRequired,
        summary: 'The channel as a ZIP of our own format (broadsheet.json, images, subscribers.csv), or with format=ghost a JSON file Ghost imports',
        params: IdParamsSchema,
        querystring: ExportQuerySchema,
        produces: ['application/zip', 'application/json'],
        response: { 200: z.string().meta({ description: 'The ZIP (application/zip), or with format=ghost the Ghost JSON file, as an attachment' }), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await imports.assertMayImport(user, request.params.id);
      if (request.query.format === 'ghost') {
        const body = await exports.ghost(user, request.params.id);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="channel-${request.params.id}.ghost.json"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(JSON.stringify(body)) as never);
      }
      const stream = await exports.archive(user, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="channel-${request.params.id}.broadsheet.zip"`)
        .header('cache-control', 'private, no-store')
        .send(stream as never);
    },
  );
};
