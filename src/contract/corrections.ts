import { z } from 'zod';
import { withoutXmlForbidden } from './text.js';
import { CORRECTION_KINDS } from './correction-lines.js';

// The kinds, their labels and the lines a correction reads as need no schema: pages import them
// from correction-lines.ts without the validation library.
export { CORRECTION_KINDS, CORRECTION_KIND_LABELS, correctionDate, correctionLine, correctionsJsonLd, type CorrectionKind } from './correction-lines.js';

/** Corrections a writer attaches to an edit of a published article (docs/product.md#public-record). */

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
