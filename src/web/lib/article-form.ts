import '@/lib/zod-jitless';
import { z } from 'zod';
import { ARTICLE_MESSAGES, CreateArticleSchema, type Article, type CreateArticle, type UpdateArticle } from '@contract/articles';
import { CORRECTION_KINDS, CorrectionInputSchema, type CorrectionKind } from '@contract/corrections';
import { stripHtml } from '@contract/text';
import { ARTICLE_FIELD_NAMES, EMPTY_ARTICLE_FIELDS, fieldsToBody, pickTextFields, type ArticleFields, type ArticlePlace } from '@contract/article-fields';
import { categoryIdsForSubmit, type PickedCategory } from './categories';

/** A place as the form holds it. */
export type ArticleLocation = ArticlePlace;

/** An article's fields as the form holds them: as declared, the categories with their names for the picker. */
export type ArticleFormFields = Omit<ArticleFields, 'categoryIds'> & { categories: PickedCategory[] };

export interface ArticleFormValues extends ArticleFormFields {
  channelId: number | null;
  /** The 'Save as draft' toggle. */
  draft: boolean;
  /** 'This edit corrects the article', offered when editing a published article (docs/product.md#public-record). */
  correction?: CorrectionChoice;
}

/** A new article's form. */
export function emptyFormValues(channelId: number | null): ArticleFormValues {
  const { categoryIds: _none, ...fields } = EMPTY_ARTICLE_FIELDS;
  return { ...fields, categories: [], channelId, draft: false };
}

/** The article's fields of the form's values (what a save sends, autosave compares and the browser keeps). */
export function fieldsOfForm(values: ArticleFormFields): ArticleFields {
  return Object.fromEntries(
    ARTICLE_FIELD_NAMES.map((name) => [name, name === 'categoryIds' ? categoryIdsForSubmit(values.categories) : values[name]]),
  ) as ArticleFields;
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

/** POST /api/articles body. */
export function toCreateBody(values: ArticleFormValues): CreateArticle {
  return {
    ...fieldsToBody(fieldsOfForm(values)),
    title: values.title.trim(),
    content: values.content,
    channelId: values.channelId!,
    published: !values.draft,
    status: values.draft ? 'draft' : 'published',
  };
}

/** PATCH /api/articles/{id} body. */
export function toUpdateBody(values: ArticleFormValues): UpdateArticle {
  return {
    ...fieldsToBody(fieldsOfForm(values)),
    title: values.title.trim(),
    ...(values.correction?.corrects ? { correction: { kind: values.correction.kind, text: values.correction.text.trim() } } : {}),
  };
}

/** The form's starting values for an existing article. */
export function valuesFromArticle(article: Article): ArticleFormValues {
  const name = article.location_name ?? article.location;
  return {
    ...emptyFormValues(article.channelId),
    ...pickTextFields(article),
    content: article.content,
    channelId: article.channelId,
    categories: article.categories.map((c) => ({ id: c.id, name: c.name })),
    location: name ? { name, lat: article.location_lat, lng: article.location_lng } : null,
    draft: !article.published,
  };
}
