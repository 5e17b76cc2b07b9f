import { z } from 'zod';
import { IdSchema } from './common.js';
import { CursorSchema, LimitSchema, paginated } from './pagination.js';

/**
 * Moving a newsroom in and out (docs/product.md#import-and-export, docs/decisions/046-import-and-export.md):
 * the import jobs, their report, the old addresses they redirect, and the exports.
 */
export const IMPORT_FORMAT_VALUES = ['ghost', 'wordpress', 'substack', 'medium', 'broadsheet'] as const;
export const ImportFormatSchema = z.enum(IMPORT_FORMAT_VALUES, { error: `format must be one of ${IMPORT_FORMAT_VALUES.join(', ')}` });
export type ImportFormatName = z.infer<typeof ImportFormatSchema>;

/** Whose the articles are: authors matched to (or made into) accounts, or all the importer's. */
export const ImportAuthorsSchema = z.enum(['accounts', 'me'], { error: 'authors must be "accounts" or "me"' });

/** The form fields beside the file (multipart) and the query, checked together. */
export const CreateImportFieldsSchema = z.object({
  format: ImportFormatSchema.optional(),
  authors: ImportAuthorsSchema.default('accounts'),
  /** The old site's address, for images the archive lacks (Ghost's site-relative ones). */
  siteUrl: z.url({ protocol: /^https?$/, error: 'siteUrl must be an http or https address' }).max(500).optional(),
});
export type CreateImportFields = z.output<typeof CreateImportFieldsSchema>;

export const CreateImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).optional(),
});

export const ImportCountsSchema = z
  .object({
    articles: z.number().int(),
    drafts: z.number().int(),
    comments: z.number().int(),
    images: z.number().int(),
    redirects: z.number().int(),
    subscribers: z.number().int(),
    skipped: z.number().int(),
  })
  .meta({ id: 'ImportCounts' });
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const ImportProblemSchema = z.object({ item: z.string(), reason: z.string() }).meta({ id: 'ImportProblem' });
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

export const ImportStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);

export const ImportJobSchema = z
  .object({
    id: z.number().int(),
    channelId: z.number().int(),
    /** Null only while a job waits for its file to be read (the format is then detected). */
    format: ImportFormatSchema.nullable(),
    status: ImportStatusSchema,
    /** Articles and subscribers in the file; `done` of them are through. */
    total: z.number().int(),
    done: z.number().int(),
    counts: ImportCountsSchema,
    problems: z.array(ImportProblemSchema),
    fileName: z.string(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ImportJob' });
export type ImportJob = z.infer<typeof ImportJobSchema>;

/** A dry run's answer: the report the import would give, with nothing imported. */
export const ImportPreviewSchema = z
  .object({
    format: ImportFormatSchema,
    status: z.literal('done'),
    total: z.number().int(),
    done: z.literal(0),
    counts: ImportCountsSchema,
    problems: z.array(ImportProblemSchema),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportJobPageSchema = paginated(ImportJobSchema, 'ImportJobPage');
export const ImportListQuerySchema = z.object({ cursor: CursorSchema, limit: LimitSchema });

export const RedirectSchema = z
  .object({
    id: z.number().int(),
    /** The old path with its query, on this site's host. */
    path: z.string(),
    articleId: z.number().int(),
    /** Where it answers 301 to. */
    location: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Redirect' });
export type Redirect = z.infer<typeof RedirectSchema>;
export const RedirectPageSchema = paginated(RedirectSchema, 'RedirectPage');
export const RedirectParamsSchema = z.object({ id: IdSchema, redirectId: IdSchema });

export const ExportQuerySchema = z.object({
  format: z.enum(['broadsheet', 'ghost'], { error: 'format must be broadsheet or ghost' }).default('broadsheet'),
});

export const IMPORT_MESSAGES = {
  noFile: 'Choose the export file to import (multipart field "file")',
  tooManyFiles: 'Send one file per import',
  notFound: 'Import not found',
  notAllowed: "Only the channel's owner or an admin may import into it or export it",
  channelNotFound: 'Channel not found',
  redirectNotFound: 'Redirect not found',
  tooLarge: (mb: number) => `The file is larger than the ${mb} MB an import accepts`,
} as const;
