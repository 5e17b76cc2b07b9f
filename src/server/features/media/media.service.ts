import { type ArticleImage } from '../../../contract/articles.js';
import { LIMITS } from '../../../contract/limits.js';
import { MEDIA_MESSAGES, storageKeyFor, type ImageRecord, type Upload } from '../../../contract/media.js';
import { parseJson } from '../../db/json-helpers.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { imageRowToImage } from '../articles/articles.repository.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { fileNameForFormat, processImage, type ImageSource } from './image-pipeline.js';
import type { MediaRepository, StoredVariant, UploadRow } from './media.repository.js';
import type { Storage } from './storage.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';

/** The defaults of UPLOAD_QUOTA_MB and UPLOAD_ABANDON_MINUTES (config.ts). */
export const DEFAULT_UPLOAD_QUOTA = { quotaBytes: 200 * 1024 * 1024, abandonAfterMs: 60 * 60 * 1000 };

/** An upload as an article's text uses it: its address, size and responsive copies. */
export interface InlineUpload {
  uploadId: number;
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

export interface MediaLogger {
  warn(obj: object, message: string): void;
}

function uploadRowToUpload(row: UploadRow): Upload {
  return {
    id: row.id,
    url: row.url,
    width: row.width,
    height: row.height,
    variants: parseJson<StoredVariant[]>(row.variants, []).map(({ width, url }) => ({ width, url })),
    mime: row.mime,
    bytes: row.bytes,
  };
}

export function createMediaService(deps: {
  repository: MediaRepository;
  storage: Storage;
  /**
   * 404 or 403 unless the user may change this article's text (the articles service's rule: the
   * owner and editors any of the channel's, a writer their own until approved, scheduled or off
   * the staff): images follow the text's rules.
   */
  mayChange: (articleId: number, user: SessionUser) => Promise<void>;
  now?: () => number;
  log?: MediaLogger;
  /** Told of each committed write (the response cache drops the answers that show it). */
  written?: (tags: readonly string[]) => void;
  /**
   * What one user's uploads not yet used in an article may take, and when such an upload counts as
   * abandoned and is removed: two accounts could otherwise fill a disk with processed images
   * (about 17 GB an hour) that no article ever shows.
   */
  quota?: { quotaBytes: number; abandonAfterMs: number };
}) {
  const { repository, storage } = deps;
  const now = deps.now ?? Date.now;
  const quota = deps.quota ?? DEFAULT_UPLOAD_QUOTA;
  const quotaReached = () =>
    new HttpError(413, MEDIA_MESSAGES.uploadQuotaReached(Math.round(quota.quotaBytes / 1024 / 1024), Math.round(quota.abandonAfterMs / 60_000)));
  let lastTimestamp = 0;

  /** The first product's key (timestamp, '_', sanitized name), made unique if two uploads share a millisecond and a name. */
  async function freshKey(fileName: string): Promise<string> {
    for (;;) {
      lastTimestamp = Math.max(now(), lastTimestamp + 1);
      const key = storageKeyFor(fileName, lastTimestamp);
      if (!(await repository.keyExists(key))) return key;
    }
  }

  async function deleteFiles(keys: string[]) {
    await Promise.all(
      keys.map((key) =>
        storage.delete(key).catch((error: unknown) => deps.log?.warn({ err: error, key }, 'could not delete a stored image')),
      ),
    );
  }

  async function saveImages(articleId: number, editor: SessionUser, items: ImageRecord[], replace: boolean): Promise<ArticleImage[]> {
    await deps.mayChange(articleId, editor);
    if (items.length > LIMITS.imagesPerArticle) throw badRequest(MEDIA_MESSAGES.tooManyImages);
    const urls = items.map((item) => item.image_url);
    if (new Set(urls).size !== urls.length) throw badRequest(MEDIA_MESSAGES.duplicateImage);
    if (items.filter((item) => item.cover).length > 1) throw badRequest(MEDIA_MESSAGES.oneCover);

    // Only files this site stored: uploads of the editor, or images the article already shows.
    const [uploads, current] = await Promise.all([repository.uploadsByUrls(urls), repository.imageUrlsOf(articleId)]);
    const byUrl = new Map(uploads.map((u) => [u.url, u]));
    const onArticle = new Set(current);
    const ordered = items
      .map((item, index) => ({ item, index }))
      .sort((a, b) => (a.item.order ?? a.index) - (b.item.order ?? b.index) || a.index - b.index);
    const images = ordered.map(({ item }) => {
      const upload = byUrl.get(item.image_url);
      if (!upload || (upload.user_id !== editor.id && !onArticle.has(item.image_url))) throw badRequest(MEDIA_MESSAGES.notOurUpload);
      return {
        uploadId: upload.id,
        imageUrl: upload.url,
        caption: item.caption,
        alt: item.alt,
        cover: item.cover,
        width: upload.width,
        height: upload.height,
        variants: JSON.stringify(parseJson<StoredVariant[]>(upload.variants, []).map(({ width, url }) => ({ width, url }))),
      };
    });

    const saved = await repository.saveImages(articleId, images, { replace, max: LIMITS.imagesPerArticle });
    if (!saved.ok) throw badRequest(saved.reason === 'oneCover' ? MEDIA_MESSAGES.oneCover : MEDIA_MESSAGES.tooManyImages);
    deps.written?.([CACHE_TAGS.article(articleId), CACHE_TAGS.articleLists, CACHE_TAGS.missing]);
    await release(saved.released);
    return (await repository.imagesOf(articleId)).map(imageRowToImage);
  }

  /** Deletes the files (and upload rows) of the given URLs that no article uses any more. Never throws. */
  async function release(urls: string[]): Promise<void> {
    if (urls.length === 0) return;
    try {
      const rows = await repository.takeUnreferenced(urls);
      await deleteFiles(rows.flatMap((row) => [row.storage_key, ...parseJson<StoredVariant[]>(row.variants, []).map((v) => v.key)]));
    } catch (error) {
      deps.log?.warn({ err: error }, 'could not release images');
    }
  }

  return {
    /** Refuses (413) a user whose unused uploads already fill the quota, before their file is read. */
    async ensureRoom(user: SessionUser): Promise<void> {
      if ((await repository.unattachedBytes(user.id)) >= quota.quotaBytes) throw quotaReached();
    },

    /** Runs the image pipeline, stores the file and its variants, and records the upload (within the quota). */
    async upload(user: SessionUser, file: { fileName: string; source: ImageSource }): Promise<Upload> {
      // Per user: one user's uploads take turns with everyone else's (image-slots.ts).
      const image = await processImage(file.source, user.id);
      const key = await freshKey(fileNameForFormat(file.fileName, image.format));
      const stem = key.slice(0, key.lastIndexOf('.'));
      const variants = image.variants.map((v) => ({ ...v, key: `${stem}-${v.width}w.webp` }));
      const keys = [key, ...variants.map((v) => v.key)];
      try {
        await Promise.all([
          storage.put(key, image.buffer, image.mime),
          ...variants.map((v) => storage.put(v.key, v.buffer, 'image/webp')),
        ]);
        const row = await repository.insertUploadWithinQuota(
          {
            user_id: user.id,
            storage_key: key,
            url: storage.url(key),
            mime: image.mime,
            bytes: image.buffer.length,
            stored_bytes: image.buffer.length + variants.reduce((sum, v) => sum + v.buffer.length, 0),
            width: image.width,
            height: image.height,
            variants: JSON.stringify(variants.map((v): StoredVariant => ({ width: v.width, url: storage.url(v.key), key: v.key }))),
            created_at: now(),
          },
          quota.quotaBytes,
        );
        if (!row) throw quotaReached();
        return uploadRowToUpload(row);
      } catch (error) {
        await deleteFiles(keys);
        throw error;
      }
    },

    /** POST /api/articles/{id}/images: adds records after the current ones. */
    add: (articleId: number, editor: SessionUser, items: ImageRecord[]) => saveImages(articleId, editor, items, false),

    /** PUT /api/articles/{id}/images: the new complete set; files no longer used are deleted. */
    replace: (articleId: number, editor: SessionUser, items: ImageRecord[]) => saveImages(articleId, editor, items, true),

    release,

    /**
     * The uploads behind the images of an article's text, by URL: only files this site stored for
     * the editor, or images the article already holds (an image another editor placed stays).
     */
    async inlineUploads(urls: string[], editorId: number, articleId: number | null): Promise<Map<string, InlineUpload>> {
      const [uploads, current] = await Promise.all([
        repository.uploadsByUrls([...new Set(urls)]),
        articleId === null ? Promise.resolve([]) : repository.imageUrlsOf(articleId),
      ]);
      const onArticle = new Set(current);
      const found = new Map<string, InlineUpload>();
      for (const upload of uploads) {
        if (upload.user_id !== editorId && !onArticle.has(upload.url)) continue;
        const variants = parseJson<StoredVariant[]>(upload.variants, []).map(({ width, url }) => ({ width, url }));
        found.set(upload.url, { uploadId: upload.id, url: upload.url, width: upload.width, height: upload.height, variants });
      }
      return found;
    },

    /**
     * Records the images an article's text holds; the files of those it dropped are deleted, unless
     * `keepDropped` (an autosave) keeps them recorded for an undo to bring back.
     */
    async attachInline(articleId: number, images: { upload: InlineUpload; alt: string | null }[], options: { keepDropped?: boolean } = {}): Promise<void> {
      const released = await repository.saveInlineImages(
        articleId,
        images.map(({ upload, alt }) => ({
          uploadId: upload.uploadId,
          imageUrl: upload.url,
          alt,
          width: upload.width,
          height: upload.height,
          variants: JSON.stringify(upload.variants),
        })),
        options,
      );
      await release(released);
    },

    /** Removes every upload older than `ageMs` that was never attached to an article, a batch at a time. */
    async sweepAbandoned(ageMs = quota.abandonAfterMs): Promise<number> {
      let removed = 0;
      // Twenty batches at most: whatever remains (a storage that refuses deletes) waits for the next sweep.
      for (let batch = 0; batch < 20; batch++) {
        const urls = await repository.abandonedUploadUrls(now() - ageMs, 500);
        await release(urls);
        removed += urls.length;
        if (urls.length < 500) break;
      }
      return removed;
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
