import { TEXT_FIELD_NAMES, fieldsFromBody, type ArticleFields } from '../../../contract/article-fields.js';
import { ARTICLE_MESSAGES, type AutosaveArticleInput, type AutosaveNewArticleInput } from '../../../contract/articles.js';
import { LIMITS } from '../../../contract/limits.js';
import { stripHtml } from '../../../contract/text.js';
import { badRequest } from '../../lib/errors.js';
import type { PendingEditValues } from '../drafts/pending-edits.repository.js';
import type { CategoriesRepository } from './categories.repository.js';
import { resolveInlineImages, resolvePendingInlineImages, type InlineImages, type KeepDropped } from './inline-images.js';
import { sanitizeArticleHtml } from './sanitize-html.js';

/** The revisions' diff keeps to the articles' own HTML rule (sanitize-html.ts), with its marks. */
export { sanitizeDiffHtml } from './sanitize-html.js';

export interface ArticleEditsDeps {
  categories: CategoriesRepository;
  /** The uploads behind images in the text (media's); without it the text keeps no images. */
  inlineImages?: InlineImages;
}

/**
 * An edit's fields as stored, whoever saves them (a Save, an autosave, a new article): sanitized
 * HTML and the uploads behind its images, known categories, a place or none.
 */
export function createArticleEdits(deps: ArticleEditsDeps) {
  const { categories } = deps;

  /**
   * The categories an article gets: categoryIds (preferred), else a single categoryId, else the
   * first product's `category` text (docs/product.md#writing): a category's name or its whole path ('Sports >
   * Football'), ignoring case; an empty one, or 'Other' (which the category picker sends as empty),
   * means none. Undefined when the input names no categories at all (an edit keeps them).
   */
  async function validCategoryIds(input: { categoryIds?: number[]; categoryId?: string | number | null; category?: string | null }): Promise<number[] | undefined> {
    let ids = input.categoryIds;
    if (!ids && input.categoryId !== undefined && input.categoryId !== null) {
      const single = Number(input.categoryId);
      ids = Number.isSafeInteger(single) && single > 0 ? [single] : [];
    }
    if (!ids && input.category !== undefined) ids = await categoryIdsNamed(input.category);
    if (!ids) return undefined;
    if (ids.length > LIMITS.categoriesPerArticle) throw badRequest(ARTICLE_MESSAGES.tooManyCategories);
    const { paths } = await categories.index();
    if (ids.some((id) => !paths.has(id))) throw badRequest(ARTICLE_MESSAGES.unknownCategory);
    return ids;
  }

  /** The category a name or path names: a whole path first, then the first category of that name in the tree's order. */
  async function categoryIdsNamed(text: string | null): Promise<number[]> {
    const wanted = (text ?? '').trim().toLowerCase();
    if (wanted === '' || wanted === 'other') return [];
    const { paths } = await categories.index();
    let byName: number | undefined;
    for (const [id, path] of paths) {
      const lower = path.toLowerCase();
      if (lower === wanted) return [id];
      const name = lower.includes(' > ') ? lower.slice(lower.lastIndexOf(' > ') + 3) : lower;
      if (byName === undefined && name === wanted) byName = id;
    }
    if (byName === undefined) throw badRequest(ARTICLE_MESSAGES.unknownCategory);
    return [byName];
  }

  function locationOf(input: { location?: string | null; location_name?: string | null; location_lat?: number | null; location_lng?: number | null }) {
    const name = (input.location_name ?? input.location ?? '').trim();
    if (input.location_name === undefined && input.location === undefined) return undefined;
    return { location: name ? { name, lat: input.location_lat ?? null, lng: input.location_lng ?? null } : null };
  }

  /** The text fields an edit sends, as its schema cleaned them (a field it leaves out stays out). */
  function sentTextFields(input: object): Partial<ArticleFields> {
    const sent = fieldsFromBody(input as Record<string, unknown>);
    return Object.fromEntries(TEXT_FIELD_NAMES.filter((name) => sent[name] !== undefined).map((name) => [name, sent[name]]));
  }

  function cleanContent(html: string) {
    const content = sanitizeArticleHtml(html, deps.inlineImages?.prefix);
    const plainText = stripHtml(content);
    if (!plainText) throw badRequest(ARTICLE_MESSAGES.contentRequired);
    return { content, plainText };
  }

  return {
    validCategoryIds,
    locationOf,
    sentTextFields,
    cleanContent,

    /** An autosave's fields as stored: sanitized HTML (possibly empty), known categories, a place or none. */
    async autosaveChanges(input: AutosaveArticleInput | AutosaveNewArticleInput): Promise<Partial<PendingEditValues>> {
      const location = locationOf(input);
      return {
        ...sentTextFields(input),
        title: input.title?.trim(),
        content: input.content === undefined ? undefined : sanitizeArticleHtml(input.content, deps.inlineImages?.prefix),
        categoryIds: await validCategoryIds({ categoryIds: input.categoryIds }),
        ...(location ?? {}),
      };
    },

    /** The text with its images' responsive copies (inline-images.ts); `attach` records them once the article is saved. */
    inlineImages: (html: string, editorId: number, articleId: number | null, options?: KeepDropped) =>
      resolveInlineImages(deps.inlineImages, html, editorId, articleId, options),

    /** As inlineImages, for a published article's pending edit: the live text's images stay its own. */
    pendingInlineImages: (html: string, live: string, editorId: number, articleId: number, options?: KeepDropped) =>
      resolvePendingInlineImages(deps.inlineImages, html, live, editorId, articleId, options),
  };
}
export type ArticleEdits = ReturnType<typeof createArticleEdits>;
