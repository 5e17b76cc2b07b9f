// Zod-free: the web client imports these at run time, and importing the module with the schemas
// would put zod into the first load of the pages that use them.
import { LIMITS } from './limits.js';

/** Spec 1 section 5: the accepted image types, by extension and by MIME type. */
export const ACCEPTED_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export const ACCEPTED_IMAGE_TYPES = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
} as const;

export const IMAGE_CAPTION_MAX = 300;

export const MEDIA_MESSAGES = {
  /** Spec 1 section 5 ('File type must be ...'), naming the accepted types. */
  fileType: 'File type must be PNG, JPG, JPEG, GIF or WEBP',
  /** Spec 1 section 5 ('Too many files'). */
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
  /** Spec 1 section 8. */
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
