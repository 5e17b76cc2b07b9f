import { z } from 'zod';
import { ArticleImageSchema, ImageVariantSchema } from './articles.js';
import { IMAGE_ALT_MAX, IMAGE_CAPTION_MAX, MEDIA_MESSAGES } from './media-rules.js';

export { ACCEPTED_IMAGE_EXTENSIONS, ACCEPTED_IMAGE_TYPES, hasAcceptedExtension, IMAGE_ALT_MAX, IMAGE_CAPTION_MAX, MEDIA_MESSAGES } from './media-rules.js';

/**
 * Widths of the responsive WebP copies written for every upload (never wider than the image). 320 is
 * the feed card's thumbnail on a phone (a third of the screen at two or three device pixels per CSS
 * pixel), about half the bytes of the 480 copy; the home page loads several before its first paint.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 480, 960, 1920] as const;

/** What POST /api/uploads answers: the stored image and its responsive copies. */
export const UploadSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.array(ImageVariantSchema),
    mime: z.string(),
    bytes: z.number().int(),
  })
  .meta({ id: 'Upload' });
export type Upload = z.infer<typeof UploadSchema>;

const ImageUrlSchema = z.string({ error: 'image_url is required' }).trim().min(1, 'image_url is required').max(2000);
const CaptionSchema = z
  .string()
  .trim()
  .max(IMAGE_CAPTION_MAX, MEDIA_MESSAGES.captionTooLong)
  .nullish()
  .transform((c) => (c ? c : null));
const OrderSchema = z.coerce.number().int().min(0).max(1000).optional();
const AltTextSchema = z.string().trim().max(IMAGE_ALT_MAX, MEDIA_MESSAGES.altTooLong);
const AltSchema = AltTextSchema.nullish().transform((a) => (a ? a : null));

/** The editor's alt-text dialog: the alt text of an image in the article's text, as long as an image record's may be. */
export const ImageAltFormSchema = z.object({ alt: AltTextSchema });
export type ImageAltForm = z.infer<typeof ImageAltFormSchema>;

/** One image record as the client saves it (docs/product.md#api: image_url, caption, order). */
export const ImageRecordInputSchema = z.object({
  article_id: z.union([z.number(), z.string()]).optional(),
  image_url: ImageUrlSchema,
  caption: CaptionSchema,
  order: OrderSchema,
  alt: AltSchema,
  /** At most one record of a list may be the cover. */
  cover: z.boolean().optional().default(false),
});
export type ImageRecord = z.output<typeof ImageRecordInputSchema>;

/** POST /api/articles/{id}/images: a list of records, added after the article's current images. */
export const AddArticleImagesSchema = z
  .array(ImageRecordInputSchema)
  .max(50)
  .refine((images) => images.filter((i) => i.cover).length <= 1, MEDIA_MESSAGES.oneCover)
  .meta({ id: 'AddArticleImages' });

/** PUT /api/articles/{id}/images: the complete new set, replacing the current one. */
export const ReplaceArticleImagesSchema = z
  .object({
    images: z
      .array(ImageRecordInputSchema)
      .max(50)
      .refine((images) => images.filter((i) => i.cover).length <= 1, MEDIA_MESSAGES.oneCover),
  })
  .meta({ id: 'ReplaceArticleImages' });
export type ReplaceArticleImages = z.input<typeof ReplaceArticleImagesSchema>;

export const ArticleImagesSchema = z.array(ArticleImageSchema).meta({ id: 'ArticleImages' });

/**
 * The stored file name (docs/product.md#api) keeps the uploaded name with every character other than
 * letters, digits, '.' and '-' replaced by '_'.
 */
export function sanitizeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9.-]/g, '_');
}

/** The upload timestamp, an underscore, and the sanitized file name (docs/product.md#writing). */
export function storageKeyFor(fileName: string, timestamp: number): string {
  return `${timestamp}_${sanitizeFileName(fileName)}`;
}
