import type { ArticleCorrection } from './corrections.js';

/**
 * What a correction reads as on the page, in the feed, the email and the JSON-LD: no schema here,
 * so the article page's code carries none (the schemas are in corrections.ts).
 */

export const CORRECTION_KINDS = ['correction', 'clarification', 'update'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

/** How each kind reads on the page ("Correction, 29 November 2026: …"). */
export const CORRECTION_KIND_LABELS: Record<CorrectionKind, string> = {
  correction: 'Correction',
  clarification: 'Clarification',
  update: 'Update',
};

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
