import type { ArticleImage } from '@contract/articles';

/** The srcset of an image's responsive copies ('url 480w, url 960w, …'), or undefined when it has none. */
export function srcSetOf(image: Pick<ArticleImage, 'variants'>): string | undefined {
  if (!image.variants.length) return undefined;
  return [...image.variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}
