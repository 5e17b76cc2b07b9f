import type { Database, Dialect } from '../../db/database.js';
import type { DB, UploadsTable } from '../../db/schema.js';
import type { Kysely, Selectable, Transaction } from 'kysely';

/** A stored copy of an upload: the main file or one responsive variant. */
export interface StoredVariant {
  width: number;
  url: string;
  key: string;
}

/** An upload's row; `variants` is JSON text of StoredVariant[]. */
export type UploadRow = Selectable<UploadsTable>;

export interface NewArticleImage {
  uploadId: number;
  imageUrl: string;
  caption: string | null;
  alt: string | null;
  cover: boolean;
  width: number;
  height: number;
  /** JSON text: {width, url}[]. */
  variants: string;
}

/** An image placed in an article's text: its upload, recorded so it belongs to the article. */
export interface NewInlineImage {
  uploadId: number;
  imageUrl: string;
  alt: string | null;
  width: number;
  height: number;
  variants: string;
}

async function unattachedBytes(db: Kysely<DB> | Transaction<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('stored_bytes'), eb.lit(0)).as('bytes'))
    .where('user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('article_images').select('article_images.id').whereRef('article_images.upload_id', '=', 'uploads.id'))),
    )
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

export function createMediaRepository(db: Database, dialect: Dialect) {
  return {
    async insertUpload(values: Omit<UploadRow, 'id'>): Promise<UploadRow> {
      const { id } = await db.insertInto('uploads').values(values).returning('id').executeTakeFirstOrThrow();
      return { id, ...values };
    },

    /** What the user's uploads that no article uses yet take, in bytes (files and copies). */
    unattachedBytes: (userId: number) => unattachedBytes(db, userId),

    /**
     * Records an upload unless the user's unused uploads would then take more than `quotaBytes`
     * (answers undefined). The sum and the insert share a transaction; on PostgreSQL the user's row
     * is locked, so two uploads finishing together cannot both pass.
     */
    async insertUploadWithinQuota(values: Omit<UploadRow, 'id'>, quotaBytes: number): Promise<UploadRow | undefined> {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', values.user_id).forUpdate().execute();
        if ((await unattachedBytes(trx, values.user_id)) + values.stored_bytes > quotaBytes) return undefined;
        const { id } = await trx.insertInto('uploads').values(values).returning('id').executeTakeFirstOrThrow();
        return { id, ...values };
      });
    },

    async keyExists(key: string): Promise<boolean> {
      return (await db.selectFrom('uploads').select('id').where('storage_key', '=', key).executeTakeFirst()) !== undefined;
    },

    async uploadsByUrls(urls: string[]): Promise<UploadRow[]> {
      if (urls.length === 0) return [];
      return db.selectFrom('uploads').selectAll().where('url', 'in', urls).execute();
    },

    async imageUrlsOf(articleId: number): Promise<string[]> {
      // Both the gallery's and the text's: an editor may keep either without having uploaded it.
      const rows = await db.selectFrom('article_images').select('image_url').where('article_id', '=', articleId).orderBy('position').execute();
      return rows.map((r) => r.image_url);
    },

    async imagesOf(articleId: number) {
      return db
        .selectFrom('article_images')
        .select(['id', 'image_url', 'caption', 'position', 'width', 'height', 'variants', 'alt', 'cover'])
        .where('article_id', '=', articleId)
        .where('in_text', '=', 0)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    /**
     * Writes an article's image records: with `replace` the new list is the whole set, otherwise it
     * goes after the current images. The count limit is checked inside the same transaction, so two
     * concurrent additions cannot pass it together. Answers the URLs the article no longer uses.
     */
    async saveImages(
      articleId: number,
      images: NewArticleImage[],
      options: { replace: boolean; max: number },
    ): Promise<{ ok: true; released: string[] } | { ok: false; reason: 'tooMany' | 'oneCover' }> {
      return db.transaction().execute(async (trx) => {
        // Locks the article row in PostgreSQL; SQLite runs one writing transaction at a time anyway.
        if (dialect === 'postgres') await trx.selectFrom('articles').select('id').where('id', '=', articleId).forUpdate().execute();
        const current = await trx
          .selectFrom('article_images')
          .select(['image_url', 'position', 'cover'])
          .where('article_id', '=', articleId)
          .where('in_text', '=', 0)
          .execute();
        const total = options.replace ? images.length : current.length + images.length;
        if (total > options.max) return { ok: false as const, reason: 'tooMany' as const };
        if (!options.replace && images.some((i) => i.cover) && current.some((r) => r.cover === 1)) return { ok: false as const, reason: 'oneCover' as const };
        let position = 0;
        if (options.replace) {
          await trx.deleteFrom('article_images').where('article_id', '=', articleId).where('in_text', '=', 0).execute();
        } else {
          position = current.reduce((max, row) => Math.max(max, row.position + 1), 0);
        }
        if (images.length > 0) {
          await trx
            .insertInto('article_images')
            .values(
              images.map((image, i) => ({
                article_id: articleId,
                upload_id: image.uploadId,
                image_url: image.imageUrl,
                caption: image.caption,
                alt: image.alt,
                cover: image.cover ? 1 : 0,
                position: position + i,
                width: image.width,
                height: image.height,
                variants: image.variants,
              })),
            )
            .execute();
        }
        const kept = new Set(images.map((i) => i.imageUrl));
        const released = options.replace ? [...new Set(current.map((r) => r.image_url))].filter((url) => !kept.has(url)) : [];
        return { ok: true as const, released };
      });
    },

    /**
     * Records the images an article's text now holds, in place of those it held; answers the URLs
     * it no longer holds there (their files go unless the gallery or another article uses them).
     * With `keepDropped`, the records of images the text dropped stay, and nothing is answered.
     */
    async saveInlineImages(articleId: number, images: NewInlineImage[], options: { keepDropped?: boolean } = {}): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('article_images').select('image_url').where('article_id', '=', articleId).where('in_text', '=', 1).execute();
        const urls = images.map((i) => i.imageUrl);
        if (!options.keepDropped) {
          await trx.deleteFrom('article_images').where('article_id', '=', articleId).where('in_text', '=', 1).execute();
        } else if (urls.length > 0) {
          await trx.deleteFrom('article_images').where('article_id', '=', articleId).where('in_text', '=', 1).where('image_url', 'in', urls).execute();
        }
        if (images.length > 0) {
          await trx
            .insertInto('article_images')
            .values(
              images.map((image, i) => ({
                article_id: articleId,
                upload_id: image.uploadId,
                image_url: image.imageUrl,
                caption: null,
                alt: image.alt,
                position: i,
                width: image.width,
                height: image.height,
                variants: image.variants,
                in_text: 1,
              })),
            )
            .execute();
        }
        if (options.keepDropped) return [];
        const kept = new Set(urls);
        return [...new Set(current.map((r) => r.image_url))].filter((url) => !kept.has(url));
      });
    },

    /**
     * Removes the upload rows among `urls` that no article uses any more, and answers them so
     * their files can be deleted. Row removal and the reference check share a transaction.
     */
    async takeUnreferenced(urls: string[]): Promise<UploadRow[]> {
      if (urls.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('uploads')
          .selectAll()
          .where('url', 'in', urls)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('article_images').select('article_images.id').whereRef('article_images.upload_id', '=', 'uploads.id'))),
          )
          .execute();
        if (rows.length > 0) await trx.deleteFrom('uploads').where('id', 'in', rows.map((r) => r.id)).execute();
        return rows;
      });
    },

    /** URLs of uploads older than `before` that were never attached to an article (abandoned forms). */
    async abandonedUploadUrls(before: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('uploads')
        .select('url')
        .where('created_at', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('article_images').select('article_images.id').whereRef('article_images.upload_id', '=', 'uploads.id'))),
        )
        .limit(limit)
        .execute();
      return rows.map((r) => r.url);
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
