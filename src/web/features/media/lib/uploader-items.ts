import type { ArticleImage, ImageVariantSchema } from '@contract/articles';
import { LIMITS } from '@contract/limits';
import type { Upload } from '@contract/media';
import { hasAcceptedExtension, MEDIA_MESSAGES } from '@contract/media-rules';
import type { z } from 'zod';

export type ImageVariant = z.infer<typeof ImageVariantSchema>;

/** An image already stored by the server (kept from the article, or uploaded in this session). */
export interface StoredImage {
  url: string;
  width: number | null;
  height: number | null;
  variants: ImageVariant[];
}

/** One image in the uploader, in the order it will be shown. */
export type UploaderItem = { key: string; caption: string; name: string; alt: string; cover: boolean } & (
  | { status: 'stored'; image: StoredImage }
  | { status: 'pending'; file: File; previewUrl: string; progress: number | null; error: string | null }
);
export type PendingItem = Extract<UploaderItem, { status: 'pending' }>;

export interface FileRejection {
  name: string;
  /** The dropzone codes of docs/product.md#writing, and 'file-unreadable' for an image the browser cannot decode. */
  code: 'file-invalid-type' | 'file-too-small' | 'too-many-files' | 'file-unreadable';
  message: string;
}

let counter = 0;
export const newItemKey = () => `image-${Date.now().toString(36)}-${++counter}`;

/** The article's images as uploader items, in their saved order. */
export function itemsFromArticleImages(images: readonly ArticleImage[]): UploaderItem[] {
  return [...images]
    .sort((a, b) => a.order - b.order)
    .map((image) => ({
      key: `stored-${image.id}`,
      status: 'stored' as const,
      caption: image.caption ?? '',
      alt: image.alt ?? '',
      cover: image.cover,
      // The stored name without its upload timestamp (docs/product.md#writing: '{timestamp}_{name}').
      name: (image.imageUrl.split('/').pop() ?? 'image').replace(/^\d+_/, ''),
      image: { url: image.imageUrl, width: image.width, height: image.height, variants: image.variants },
    }));
}

export function storedFromUpload(upload: Upload): StoredImage {
  return { url: upload.url, width: upload.width, height: upload.height, variants: upload.variants };
}

/**
 * Sorts dropped or chosen files (docs/product.md#writing): files whose type is not image/* are silently
 * skipped; other images must be PNG, JPG, JPEG, GIF or WEBP by extension; empty files are refused;
 * beyond the remaining places, files are refused with 'Too many files'.
 */
export function acceptFiles(files: readonly File[], remaining: number): { accepted: File[]; rejections: FileRejection[] } {
  const accepted: File[] = [];
  const rejections: FileRejection[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) continue;
    if (!hasAcceptedExtension(file.name)) {
      rejections.push({ name: file.name, code: 'file-invalid-type', message: MEDIA_MESSAGES.fileType });
    } else if (file.size === 0) {
      rejections.push({ name: file.name, code: 'file-too-small', message: 'File is empty' });
    } else if (accepted.length >= remaining) {
      rejections.push({ name: file.name, code: 'too-many-files', message: MEDIA_MESSAGES.tooManyFiles });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, rejections };
}

/** Places left: docs/product.md#writing allows 5 per article, and when editing 5 minus the images kept. */
export function remainingSlots(items: readonly UploaderItem[], max: number = LIMITS.imagesPerArticle): number {
  return Math.max(0, max - items.length);
}

/** The list with the item at `index` moved by `delta` places (no change at either end). */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The records PUT /api/articles/{id}/images expects, numbered in display order. */
export function toImageRecords(images: readonly { url: string; caption: string; alt?: string; cover?: boolean }[]) {
  return images.map((image, order) => ({
    image_url: image.url,
    caption: image.caption.trim() || null,
    order,
    alt: image.alt?.trim() || null,
    cover: image.cover ?? false,
  }));
}

/** The list with `index` as the one cover (or none when it already was). */
export function withCover<T extends { cover: boolean }>(items: readonly T[], index: number): T[] {
  const already = items[index]?.cover === true;
  return items.map((item, i) => ({ ...item, cover: !already && i === index }));
}

/** How many of the images have no alt text (the publish warning counts them). */
export function missingAltCount(items: readonly { alt: string }[]): number {
  return items.filter((item) => !item.alt.trim()).length;
}

/** Whether the list differs from what the article has saved (order, captions, images). */
export function sameAsSaved(items: readonly UploaderItem[], saved: readonly UploaderItem[]): boolean {
  if (items.length !== saved.length) return false;
  return items.every((item, i) => {
    const other = saved[i]!;
    return (
      item.status === 'stored' &&
      other.status === 'stored' &&
      item.image.url === other.image.url &&
      item.caption.trim() === other.caption.trim() &&
      item.alt.trim() === other.alt.trim() &&
      item.cover === other.cover
    );
  });
}
