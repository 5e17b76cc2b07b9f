// Zod-free: the web client imports these at run time, and importing the module with the schemas
// would put zod into the first load of the pages that use them.
import { LIMITS } from './limits.js';

/** The accepted image types, by extension and by MIME type (docs/product.md#writing). */
export const ACCEPTED_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export const ACCEPTED_IMAGE_TYPES = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
} as const;

export const IMAGE_CAPTION_MAX = 300;
export const IMAGE_ALT_MAX = 250;

export const MEDIA_MESSAGES = {
  /** 'File type must be ...', naming the accepted types (docs/product.md#writing). */
  fileType: 'File type must be PNG, JPG, JPEG, GIF or WEBP',
  /** 'Too many files' (docs/product.md#writing). */
  tooManyFiles: 'Too many files',
  fileTooLarge: `File is too large (max ${LIMITS.uploadMaxBytes / 1024 / 1024} MB)`,
  noFile: 'Choose an image file to upload (form field "file")',
  unreadable: 'The image could not be read; the file may be damaged',
  tooManyImages: `An article can have at most ${LIMITS.imagesPerArticle} images`,
  notOurUpload: 'Images must be uploaded to Broadsheet first',
  /** The per-account quota of uploads not yet used in an article (UPLOAD_QUOTA_MB, UPLOAD_ABANDON_MINUTES). */
  uploadQuotaReached: (quotaMb: number, abandonMinutes: number) =>
    `Images not yet used in an article may take up to ${quotaMb} MB per account, and yours have reached it. ` +
    `Save your article to use them; unused images are removed after ${abandonMinutes === 60 ? 'an hour' : `${abandonMinutes} minutes`}.`,
  duplicateImage: 'The same image is listed twice',
  captionTooLong: `Caption must be at most ${IMAGE_CAPTION_MAX} characters`,
  altTooLong: `Alt text must be at most ${IMAGE_ALT_MAX} characters`,
  oneCover: 'Only one image can be the cover',
  /** Picked files that claim an image type but do not decode, refused before anything is saved. */
  notReadableImage: (fileName: string) => `${fileName} is not an image that can be read`,
  /** A picked file over the upload limit that the browser cannot decode, so cannot compress. */
  tooLargeToCompress: (fileName: string) =>
    `${fileName} is larger than ${LIMITS.uploadMaxBytes / 1024 / 1024} MB and cannot be compressed in the browser`,
  /** The image-failure toast after saving an article as a draft (the product's wording says published). */
  draftWithoutImages: 'Article was saved as a draft but there was an error saving the images. Please try adding them again.',
  /** The confirm dialog before publishing an article with images that have no alt text. */
  missingAltTitle: 'Some images have no alt text',
  missingAlt: (count: number) =>
    `${count === 1 ? 'One image has' : `${count} images have`} no alt text. Readers who use a screen reader will not know what ${count === 1 ? 'it shows' : 'they show'}.`,
  /** The toast of a failed upload, naming its file. */
  uploadFailed: (fileName: string) => `Failed to upload image: ${fileName}`,
  missingArticleId: 'Could not update images: article ID is missing',
  publishedWithoutImages: 'Article was published but there was an error saving the images. Please try adding them again.',
  imagesNotUpdated: 'There was an error updating the images. Some changes may not have been saved.',
} as const;

/** Whether a file's name ends in one of the accepted extensions (case-insensitive). */
export function hasAcceptedExtension(name: string): boolean {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  return name.includes('.') && (ACCEPTED_IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}
