import { z } from 'zod';
import { TEXT_FIELD_ANSWERS } from './article-fields.js';
import { ArticleRefParamsSchema } from './articles.js';
import { IdSchema } from './common.js';
import { CorrectionSchema } from './corrections.js';
import { CursorSchema, paginated } from './pagination.js';
import { withoutXmlForbidden } from './text.js';

/**
 * The public record of an article (docs/product.md#public-record): every save keeps an immutable revision,
 * and a writer may say an edit corrects the article (./corrections.ts).
 */

export const REDACTION_REASON_MAX = 500;
/** Revisions per page of the record, newest first. */
export const REVISIONS_PAGE_SIZE = 50;

export const REVISION_MESSAGES = {
  notFound: 'Revision not found',
  restoreForbidden: 'Only the channel owner or an administrator can restore a version',
  reasonRequired: 'A reason is required',
  reasonTooLong: `Reason must be at most ${REDACTION_REASON_MAX} characters`,
  /** What a redacted revision reads instead of its content. */
  redacted: 'Removed by an administrator',
} as const;

/** An administrator's removal of a revision's content from the record. */
export const RedactionSchema = z
  .object({ reason: z.string(), redactedAt: z.string() })
  .meta({ id: 'Redaction' });
export type Redaction = z.infer<typeof RedactionSchema>;

export const RevisionEditorSchema = z.object({ id: z.number().int(), username: z.string() });

export const RevisionListItemSchema = z
  .object({
    /** 1, 2, … per article, in the order they were saved. */
    number: z.number().int(),
    createdAt: z.string(),
    /** Who saved it; null when that account has since been deleted. */
    editor: RevisionEditorSchema.nullable(),
    title: z.string(),
    /** Whether the article was published after this save. */
    published: z.boolean(),
    correction: CorrectionSchema.nullable(),
    /** Set when an administrator removed its content: it reads REVISION_MESSAGES.redacted. */
    redaction: RedactionSchema.nullable(),
  })
  .meta({ id: 'RevisionListItem' });
export type RevisionListItem = z.infer<typeof RevisionListItemSchema>;

/** GET /api/articles/{id}/revisions: newest first, REVISIONS_PAGE_SIZE a page. */
export const RevisionPageSchema = paginated(RevisionListItemSchema, 'RevisionPage');
export type RevisionPage = z.infer<typeof RevisionPageSchema>;

/** GET /api/articles/{id}/revisions/{number}: one revision with what it saved. */
export const RevisionSchema = RevisionListItemSchema.extend({
  ...TEXT_FIELD_ANSWERS,
  /** Sanitized HTML as stored; '' when redacted. */
  content: z.string(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The place's label as the article showed it, or null. */
  location: z.string().nullable(),
}).meta({ id: 'Revision' });
export type Revision = z.infer<typeof RevisionSchema>;

export const RevisionFieldChangeSchema = z
  .object({ field: z.string(), label: z.string(), before: z.string().nullable(), after: z.string().nullable() })
  .meta({ id: 'RevisionFieldChange' });
export type RevisionFieldChange = z.infer<typeof RevisionFieldChangeSchema>;

/**
 * GET /api/articles/{id}/revisions/{number}/diff?against={other}: `html` is the newer content with
 * removed words in <del> and added words in <ins>, sanitized like article HTML.
 */
export const RevisionDiffSchema = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    title: z.object({ before: z.string(), after: z.string() }),
    /** The other fields that changed (categories, place, …) as the history reads them, in the editor's order. */
    changes: z.array(RevisionFieldChangeSchema),
    html: z.string(),
  })
  .meta({ id: 'RevisionDiff' });
export type RevisionDiff = z.infer<typeof RevisionDiffSchema>;

export const RevisionListQuerySchema = z.object({ cursor: CursorSchema });

export const RevisionParamsSchema = ArticleRefParamsSchema.extend({ number: IdSchema });

/** Without `against`, the diff is taken against the previous revision the caller may see. */
export const RevisionDiffQuerySchema = z.object({ against: IdSchema.optional() });

/** POST /api/admin/articles/{id}/revisions/{number}/redact */
export const RedactRevisionSchema = z
  .object({
    reason: z
      .string({ error: REVISION_MESSAGES.reasonRequired })
      .overwrite(withoutXmlForbidden)
      .trim()
      .min(1, REVISION_MESSAGES.reasonRequired)
      .max(REDACTION_REASON_MAX, REVISION_MESSAGES.reasonTooLong),
  })
  .meta({ id: 'RedactRevision' });
export type RedactRevision = z.input<typeof RedactRevisionSchema>;

/** The API addresses of the record, for the client. `article` is an id, slug or '{slug}-{id}'. */
export const revisionApi = {
  list: (article: number | string, cursor?: string | null) =>
    `/api/articles/${article}/revisions${cursor ? `?${new URLSearchParams({ cursor })}` : ''}`,
  one: (article: number | string, number: number) => `/api/articles/${article}/revisions/${number}`,
  diff: (article: number | string, number: number, against?: number | null) =>
    `/api/articles/${article}/revisions/${number}/diff${against ? `?against=${against}` : ''}`,
  restore: (article: number | string, number: number) => `/api/articles/${article}/revisions/${number}/restore`,
  redact: (article: number, number: number) => `/api/admin/articles/${article}/revisions/${number}/redact`,
} as const;
