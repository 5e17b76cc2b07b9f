import { z } from 'zod';
import { withoutXmlForbidden } from './text.js';

/** Corrections a writer attaches to an edit of a published article (docs/product.md#public-record). */

export const CORRECTION_KINDS = ['correction', 'clarification', 'update'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

/** How each kind reads on the page ("Correction, 29 November 2026: …"). */
export const CORRECTION_KIND_LABELS: Record<CorrectionKind, string> = {
  correction: 'Correction',
  clarification: 'Clarification',
  update: 'Update',
};

export const CORRECTION_TEXT_MAX = 1000;

export const CORRECTION_MESSAGES = {
  correctionNeedsPublication: 'Only a published article can carry a correction',
  correctionTextRequired: 'Correction text is required',
  correctionTextTooLong: `Correction text must be at most ${CORRECTION_TEXT_MAX} characters`,
  correctionKind: `Kind must be one of ${CORRECTION_KINDS.join(', ')}`,
} as const;

/**
 * The correction a writer attaches to an edit of a published article: plain text. It has no
 * OpenAPI component name of its own: it sits inside UpdateArticle, whose input and output shapes
 * the document keeps apart, and a named part of it collided.
 */
export const CorrectionInputSchema = z.object({
  kind: z.enum(CORRECTION_KINDS, { error: CORRECTION_MESSAGES.correctionKind }),
  text: z
    .string({ error: CORRECTION_MESSAGES.correctionTextRequired })
    // Kept out, not refused: the text reaches the RSS feed, where these characters break readers.
    .overwrite(withoutXmlForbidden)
    .trim()
    .min(1, CORRECTION_MESSAGES.correctionTextRequired)
    .max(CORRECTION_TEXT_MAX, CORRECTION_MESSAGES.correctionTextTooLong),
});
export type CorrectionInput = z.input<typeof CorrectionInputSchema>;

export const CorrectionSchema = z
  .object({ kind: z.enum(CORRECTION_KINDS), text: z.string() })
  .meta({ id: 'Correction' });
export type Correction = z.infer<typeof CorrectionSchema>;

/** A correction as the article lists them (oldest first): when, and with which revision. */
export const ArticleCorrectionSchema = CorrectionSchema.extend({
  createdAt: z.string(),
  /** The number of the revision the correcting edit saved. */
  revision: z.number().int(),
}).meta({ id: 'ArticleCorrection' });
export type ArticleCorrection = z.infer<typeof ArticleCorrectionSchema>;


/** "29 November 2026": the date a correction reads with, in `timeZone` (UTC unless the reader's is known). */
export function correctionDate(iso: string, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(iso));
}

/** "Correction, 29 November 2026: An earlier version …", as the page, the feed and the email put it. */
export function correctionLine(correction: Pick<ArticleCorrection, 'kind' | 'text' | 'createdAt'>, timeZone = 'UTC'): string {
  return `${CORRECTION_KIND_LABELS[correction.kind]}, ${correctionDate(correction.createdAt, timeZone)}: ${correction.text}`;
}

/** What the article's JSON-LD (schema.org NewsArticle) says of its record: when it last changed and its corrections. */
export function correctionsJsonLd(article: { updatedAt: string | null; lastEdited: string; corrections: ArticleCorrection[] }) {
  return {
    dateModified: article.updatedAt ?? article.lastEdited,
    ...(article.corrections.length > 0
      ? { correction: article.corrections.map((c) => ({ '@type': 'CorrectionComment', text: `${CORRECTION_KIND_LABELS[c.kind]}: ${c.text}`, datePublished: c.createdAt })) }
      : {}),
  };
}
