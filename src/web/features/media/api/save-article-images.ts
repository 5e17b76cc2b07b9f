import type { ArticleImage } from '@contract/articles';
import { MEDIA_MESSAGES } from '@contract/media-rules';
import { apiRequest } from '@/lib/api-client';
import { toImageRecords } from '../lib/uploader-items';

/**
 * PUT /api/articles/{id}/images (docs/product.md#api): the article's complete set of images, in
 * display order, replacing what it had. Throws 'Could not update images: article ID is missing'
 * without an id (docs/product.md#writing).
 */
export async function saveArticleImages(
  articleId: number | null | undefined,
  images: readonly { url: string; caption: string; alt?: string; cover?: boolean }[],
): Promise<ArticleImage[]> {
  if (!articleId) throw new Error(MEDIA_MESSAGES.missingArticleId);
  return apiRequest<ArticleImage[]>('PUT', `/api/articles/${articleId}/images`, { images: toImageRecords(images) });
}
