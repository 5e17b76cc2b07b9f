import type { Article, CreateArticle, UpdateArticle } from '@contract/articles';
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
}

export type ArticleFormErrors = Partial<Record<'title' | 'content' | 'channelId', string>>;

/** Messages of the create-article schema (spec 1 section 5), word for word. */
export const FORM_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  selectChannel: 'Please select a channel',
  mustLogIn: 'You must be logged in to create an article',
  selectChannelForArticle: 'Please select a channel for this article',
} as const;

/** True when the HTML holds no text and no media (an empty editor gives '<p></p>'). */
export function isBlankHtml(html: string): boolean {
  return stripHtml(html) === '' && !/<(img|hr)\b/i.test(html);
}

/** The create-article schema of spec 1 section 5: title and content required, a channel chosen. */
export function validateArticleForm(values: ArticleFormValues, { needsChannel }: { needsChannel: boolean }): ArticleFormErrors {
  const errors: ArticleFormErrors = {};
  if (!values.title.trim()) errors.title = FORM_MESSAGES.titleRequired;
  if (isBlankHtml(values.content)) errors.content = FORM_MESSAGES.contentRequired;
  if (needsChannel && (values.channelId === null || !Number.isInteger(values.channelId))) errors.channelId = FORM_MESSAGES.selectChannel;
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
