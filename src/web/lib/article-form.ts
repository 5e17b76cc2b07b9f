import '@/lib/zod-jitless';
import { z } from 'zod';
import { ARTICLE_MESSAGES, CreateArticleSchema, type Article, type CreateArticle, type UpdateArticle } from '@contract/articles';
import { CORRECTION_KINDS, CorrectionInputSchema, type CorrectionKind } from '@contract/corrections';
import { stripHtml } from '@contract/text';
import { categoryIdsForSubmit, type PickedCategory } from './categories';

/** A place as the form holds it (location_name, location_lat, location_lng). */
export interface ArticleLocation {
  name: string;
  lat: number | null;
  lng: number | null;
}

export interface ArticleFormValues {
  title: string;
  /** HTML from the editor. */
  content: string;
  channelId: number | null;
  categories: PickedCategory[];
  location: ArticleLocation | null;
  /** The 'Save as draft' toggle. */
  draft: boolean;
  /** 'This edit corrects the article', offered when editing a published article (docs/product.md#public-record). */
  correction?: CorrectionChoice;
}

/** The correction choice as the form holds it: whether the edit corrects, and with what. */
export interface CorrectionChoice {
  corrects: boolean;
  kind: CorrectionKind;
  text: string;
}

/** Where the correction choice starts: not chosen, and a Correction when it is. */
export const NO_CORRECTION: CorrectionChoice = { corrects: false, kind: 'correction', text: '' };

/** Unchosen, anything goes (it is not sent); chosen, the contract's correction with its messages. */
const CorrectionChoiceSchema = z.discriminatedUnion('corrects', [
  z.object({ corrects: z.literal(false), kind: z.enum(CORRECTION_KINDS), text: z.string() }),
  CorrectionInputSchema.extend({ corrects: z.literal(true) }),
]);

export type ArticleFormErrors = Partial<Record<'title' | 'content' | 'channelId', string>>;

/** True when the HTML holds no text and no media (an empty editor gives '<p></p>'). */
export function isBlankHtml(html: string): boolean {
  return stripHtml(html) === '' && !/<(img|hr)\b/i.test(html);
}

/**
 * The form's schema (docs/product.md#writing), from the contract's CreateArticleSchema with its messages:
 * the title as the API checks it; content that is more than empty paragraphs (the editor's empty
 * state is '<p></p>'); a channel when creating; the rest as the form holds it.
 */
export function articleFormSchema({ needsChannel }: { needsChannel: boolean }) {
  return CreateArticleSchema.pick({ title: true }).extend({
    content: z.string().refine((html) => !isBlankHtml(html), ARTICLE_MESSAGES.contentRequired),
    channelId: z
      .number()
      .int()
      .nullable()
      .refine((id) => !needsChannel || id !== null, ARTICLE_MESSAGES.selectChannel),
    categories: z.array(z.object({ id: z.number(), name: z.string() })),
    location: z.object({ name: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }).nullable(),
    draft: z.boolean(),
    correction: CorrectionChoiceSchema.optional(),
  });
}

/** What the schema finds wrong, one message per field. */
export function validateArticleForm(values: ArticleFormValues, options: { needsChannel: boolean }): ArticleFormErrors {
  const checked = articleFormSchema(options).safeParse(values);
  const errors: ArticleFormErrors = {};
  for (const issue of checked.success ? [] : checked.error.issues) {
    const field = issue.path[0];
    if ((field === 'title' || field === 'content' || field === 'channelId') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function locationFields(location: ArticleLocation | null) {
  return {
    location_name: location?.name ?? null,
    location_lat: location?.lat ?? null,
    location_lng: location?.lng ?? null,
  };
}

/** POST /api/articles body. */
export function toCreateBody(values: ArticleFormValues): CreateArticle {
  return {
    title: values.title.trim(),
    content: values.content,
    channelId: values.channelId!,
    categoryIds: categoryIdsForSubmit(values.categories),
    ...locationFields(values.location),
    published: !values.draft,
    status: values.draft ? 'draft' : 'published',
  };
}

/** PATCH /api/articles/{id} body. */
export function toUpdateBody(values: ArticleFormValues): UpdateArticle {
  return {
    title: values.title.trim(),
    content: values.content,
    categoryIds: categoryIdsForSubmit(values.categories),
    ...locationFields(values.location),
    ...(values.correction?.corrects ? { correction: { kind: values.correction.kind, text: values.correction.text.trim() } } : {}),
  };
}

/** The form's starting values for an existing article. */
export function valuesFromArticle(article: Article): ArticleFormValues {
  const name = article.location_name ?? article.location;
  return {
    title: article.title,
    content: article.content,
    channelId: article.channelId,
    categories: article.categories.map((c) => ({ id: c.id, name: c.name })),
    location: name ? { name, lat: article.location_lat, lng: article.location_lng } : null,
    draft: !article.published,
  };
}
