import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ArticleRefParamsSchema } from '../../../contract/articles.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { LIMITS } from '../../../contract/limits.js';
import { AddArticleImagesSchema, ArticleImagesSchema, MEDIA_MESSAGES, ReplaceArticleImagesSchema, UploadSchema, type Upload } from '../../../contract/media.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { grantUploadTime } from '../../http/server-limits.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import type { MediaService } from './media.service.js';
import { removeStaleSpools, spoolUpload, type SpooledUpload } from './upload-spool.js';
import { IMMUTABLE_CACHE_CONTROL, LOCAL_UPLOADS_PREFIX, type LocalStorage, type S3Storage } from './storage.js';
import { sessionRequired } from '../../http/openapi.js';

export interface MediaRoutesOptions {
  media: MediaService;
  /** Uploads allowed per user per window (image processing is the costliest thing the API does). */
  uploadRateLimit: { max: number; timeWindow: number };
}

const tooLarge = () => new HttpError(413, MEDIA_MESSAGES.fileTooLarge);
const SWEEP_EVERY_MS = 5 * 60 * 1000;
/** Room for the multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, { media, uploadRateLimit }) => {
  // Spool files of a process that was killed mid-upload would otherwise stay in /tmp for good.
  app.addHook('onReady', async () => {
    const removed = await removeStaleSpools();
    if (removed > 0) app.log.info({ removed }, 'removed stale upload spool files');
  });
  // Uploads of forms that were never saved are removed once abandoned (UPLOAD_ABANDON_MINUTES);
  // a sweep every few minutes finds them soon after.
  const sweep = setInterval(() => {
    media.sweepAbandoned().catch((error: unknown) => app.log.warn({ err: error }, 'sweeping abandoned uploads failed'));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  await app.register(fastifyMultipart, {
    limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/uploads',
    {
      config: {
        rateLimit: {
          ...uploadRateLimit,
          // After the session is known, so the limit is per user rather than per address.
          hook: 'preHandler',
          keyGenerator: (request) => (request.user ? `upload-user-${request.user.id}` : `upload-ip-${request.ip}`),
        },
      },
      schema: {
        tags: ['media'],
        operationId: 'uploadImage',
        security: sessionRequired,
        summary: 'Upload an image (multipart field "file"): PNG, JPEG, GIF or WebP, at most 20 MB, within your quota of images not yet used in an article',
        description:
          'The type is read from the content. The image is turned upright, stripped of metadata (EXIF, GPS), fitted within 1920 px ' +
          'and 5 MB, and stored with WebP copies at 320, 480, 960 and 1920 px wide. Only the first frame of an animated GIF is kept.',
        consumes: ['multipart/form-data'],
        response: {
          201: UploadSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          429: ErrorSchema,
          503: ErrorSchema,
        },
      },
      // Signed out, refused before a byte of the body is read; so is a user whose uploads not yet
      // used in an article fill their quota. Signed in (a session that validated, not a cookie's
      // name), the upload may take the long allowance of a photo over a slow line.
      onRequest: async (request) => {
        await media.ensureRoom(requireUser(request));
        grantUploadTime(request);
      },
      preValidation: async (request) => {
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > LIMITS.uploadMaxBytes + MULTIPART_OVERHEAD) throw tooLarge();
        if (!request.isMultipart()) throw badRequest(MEDIA_MESSAGES.noFile);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      let spooled: SpooledUpload | undefined;
      let fileName = 'image';
      try {
        // Every part is read: a second file is refused, not silently dropped. With the
        // `files: 1` limit, busboy reports it as FST_FILES_LIMIT.
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (spooled) throw badRequest(MEDIA_MESSAGES.tooManyFiles);
          if (part.fieldname !== 'file') throw badRequest(MEDIA_MESSAGES.noFile);
          fileName = part.filename || 'image';
          // To disk as it arrives, not into memory (upload-spool.ts).
          spooled = await spoolUpload(part.file);
          if (part.file.truncated) throw tooLarge();
        }
        if (!spooled) throw badRequest(MEDIA_MESSAGES.noFile);
      } catch (error) {
        await spooled?.remove();
        if (error instanceof HttpError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (code === 'FST_FILES_LIMIT') throw badRequest(MEDIA_MESSAGES.tooManyFiles);
        throw badRequest(MEDIA_MESSAGES.noFile);
      }
      let stored: Upload;
      try {
        if (spooled.bytes === 0) throw badRequest(MEDIA_MESSAGES.noFile);
        stored = await media.upload(user, { fileName, source: spooled.path });
      } finally {
        // Before answering, so no temporary file outlives the request.
        await spooled.remove();
      }
      return reply.status(201).send(stored);
    },
  );

  const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

  app.post(
    '/articles/:id/images',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['media'],
        operationId: 'addArticleImages',
        security: sessionRequired,
        summary: 'Add image records (uploaded image URLs with captions) after the article’s current images (whoever may change its text, at most 5 in all)',
        params: ArticleRefParamsSchema,
        body: AddArticleImagesSchema,
        response: { 201: ArticleImagesSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await media.add(request.articleId, requireUser(request), request.body)),
  );

  app.put(
    '/articles/:id/images',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['media'],
        operationId: 'replaceArticleImages',
        security: sessionRequired,
        summary: 'Replace the article’s images with this list (whoever may change its text, at most 5); files no longer used are deleted',
        params: ArticleRefParamsSchema,
        body: ReplaceArticleImagesSchema,
        response: { 200: ArticleImagesSchema, ...errors },
      },
    },
    async (request) => media.replace(request.articleId, requireUser(request), request.body.images),
  );
};

/**
 * Serves local uploads at /uploads/ (docs/operations.md#storage); S3 buckets serve their own. Every key is new for every upload, so
 * files are cached for a year as immutable. A separate @fastify/static instance: the web app has
 * its own.
 */
export async function registerLocalUploads(app: FastifyInstance, storage: LocalStorage | S3Storage): Promise<void> {
  if (storage.kind !== 'local') return;
  const { root } = storage;
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: LOCAL_UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    etag: true,
    lastModified: false,
    setHeaders(res) {
      res.header('cache-control', IMMUTABLE_CACHE_CONTROL);
    },
  });
}
