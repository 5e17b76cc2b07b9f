import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { SessionUser } from '../auth/sessions.service.js';
import type { CategoriesRepository } from '../articles/categories.repository.js';
import type { ExportsRepository } from './exports.repository.js';

/**
 * Exports (docs/decisions/046-import-and-export.md): our own format, a ZIP that imports back here
 * or on another instance (broadsheet.json, images/, subscribers.csv), and a JSON file in the shape
 * Ghost 5's importer reads.
 */

export const BROADSHEET_EXPORT_VERSION = 1;

export interface ExportsServiceDeps {
  repository: ExportsRepository;
  categories: Pick<CategoriesRepository, 'index'>;
  /** A stored image's bytes by its storage key, or null when the storage no longer has it. */
  openStored: (key: string) => Promise<Readable | null>;
  publicUrl: string;
  now?: () => number;
}

const PAGE = 200;

/** RFC 4180 rows: every field quoted, quotes doubled. */
const csvLine = (rows: (string | null)[][]) => rows.map((row) => `${row.map((field) => `"${(field ?? '').replace(/"/g, '""')}"`).join(',')}\r\n`).join('');
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** broadsheet.json's article, as the broadsheet reader reads it back. */
export interface ExportedArticle {
  id: number;
  title: string;
  subtitle: string | null;
  slug: string;
  status: string;
  published: boolean;
  createdAt: string;
  publishedAt: string | null;
  updatedAt: string;
  author: string;
  content: string;
  categories: string[];
  images: { file: string | null; url: string; alt: string | null; caption: string | null; cover: boolean; inText: boolean }[];
  revisions: { number: number; title: string; content: string | null; published: boolean; correction: { kind: string; text: string | null } | null; redacted: boolean; createdAt: string }[];
  comments: { id: number; parentId: number | null; author: string; imported: boolean; content: string; status: string; createdAt: string }[];
}

export function createExportsService(deps: ExportsServiceDeps) {
  const { repository } = deps;
  const now = deps.now ?? Date.now;

  /** The channel's articles a page at a time, each with its categories, images, revisions and comments. */
  async function* articlesOf(channelId: number): AsyncGenerator<ExportedArticle> {
    const { paths } = await deps.categories.index();
    let after = 0;
    for (;;) {
      const rows = await repository.articlesAfter(channelId, after, PAGE);
      if (rows.length === 0) return;
      after = rows.at(-1)!.id;
      const ids = rows.map((row) => row.id);
      const [categories, images, revisions, comments] = await Promise.all([repository.categoriesOf(ids), repository.imagesOf(ids), repository.revisionsOf(ids), repository.commentsOf(ids)]);
      for (const row of rows) {
        yield {
          id: row.id,
          title: row.title,
          subtitle: row.subtitle,
          slug: row.slug,
          status: row.status,
          published: row.published === 1,
          createdAt: iso(row.created_at)!,
          publishedAt: iso(row.first_published_at),
          updatedAt: iso(row.last_edited)!,
          author: row.username,
          content: row.content,
          categories: categories.filter((c) => c.article_id === row.id).flatMap((c) => (paths.has(c.category_id) ? [paths.get(c.category_id)!] : [])),
          images: images
            .filter((image) => image.article_id === row.id)
            .map((image) => ({ file: image.storage_key ? `images/${image.storage_key}` : null, url: image.image_url, alt: image.alt, caption: image.caption, cover: image.cover === 1, inText: image.in_text === 1 })),
          revisions: revisions
            .filter((revision) => revision.article_id === row.id)
            .map((revision) => ({
              number: revision.number,
              title: revision.title,
              content: revision.content,
              published: revision.published === 1,
              correction: revision.correction_kind ? { kind: revision.correction_kind, text: revision.correction_text } : null,
              redacted: revision.redacted_at !== null,
              createdAt: iso(revision.created_at)!,
            })),
          comments: comments
            .filter((comment) => comment.article_id === row.id && comment.deleted === 0)
            .map((comment) => ({
              id: comment.id,
              parentId: comment.parent_id,
              author: comment.imported_author_name ?? comment.username,
              imported: comment.imported_author_name !== null,
              content: comment.content,
              status: comment.status,
              createdAt: iso(comment.created_at)!,
            })),
        };
      }
    }
  }

  return {
    /** The ZIP of our own format, streamed; broadsheet.json is written to a temporary file first so memory holds one page of articles. */
    async archive(_user: SessionUser, channelId: number): Promise<Readable> {
      const channel = await repository.channel(channelId);
      if (!channel) throw new Error('channel vanished');
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'broadsheet-export-'));
      const jsonFile = path.join(dir, `${randomUUID()}.json`);
      const out = fs.createWriteStream(jsonFile);
      const write = (text: string) => new Promise<void>((resolve, reject) => out.write(text, (error) => (error ? reject(error) : resolve())));
      const files = new Set<string>();
      try {
        await write(
          `{"format":"broadsheet","version":${BROADSHEET_EXPORT_VERSION},"exportedAt":${JSON.stringify(new Date(now()).toISOString())},"site":${JSON.stringify(deps.publicUrl)},` +
            `"channel":${JSON.stringify({ id: channel.id, name: channel.name, slug: channel.slug, description: channel.description, category: channel.category, createdAt: iso(channel.created_at) })},` +
            `"categories":${JSON.stringify([...(await deps.categories.index()).paths.values()])},"articles":[`,
        );
        let first = true;
        for await (const article of articlesOf(channelId)) {
          for (const image of article.images) if (image.file) files.add(image.file.slice('images/'.length));
          await write(`${first ? '' : ','}\n${JSON.stringify(article)}`);
          first = false;
        }
        const redirects = (await repository.redirectsOf(channelId)).map((row) => ({ path: row.path, articleId: row.article_id, createdAt: iso(row.created_at) }));
        await write(`\n],"redirects":${JSON.stringify(redirects)}}\n`);
        await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      } catch (error) {
        out.destroy();
        await fs.promises.rm(dir, { recursive: true, force: true });
        throw error;
      }
      const subscribers = await repository.subscribersOf(channelId);
      const csv =
        csvLine([['username', 'email', 'confirmed', 'suppressed', 'since']]) +
        csvLine(subscribers.map((s) => [s.username, s.email ?? '', s.confirmed ? 'true' : 'false', s.suppressed ? 'true' : 'false', iso(s.since)]));

      const zip = new ZipFile();
      zip.addFile(jsonFile, 'broadsheet.json');
      for (const key of files) {
        zip.addReadStreamLazy(`images/${key}`, { compress: false }, (callback) => {
          deps.openStored(key).then(
            (stream) => callback(null, stream ?? Readable.from([])),
            (error: unknown) => callback(error, Readable.from([])),
          );
        });
      }
      zip.addBuffer(Buffer.from(csv, 'utf8'), 'subscribers.csv');
      zip.end();
      const body = new PassThrough();
      const output = zip.outputStream as unknown as Readable;
      output.pipe(body);
      const cleanup = () => void fs.promises.rm(dir, { recursive: true, force: true });
      body.on('close', cleanup);
      output.on('error', (error) => body.destroy(error));
      return body;
    },

    /**
     * A Ghost 5 import file: posts with html and lexical, tags (our categories), users, and the
     * tables that join them. Addresses are placeholders but the exporter's own.
     */
    async ghost(user: SessionUser, channelId: number) {
      const require = createRequire(import.meta.url);
      // CommonJS only: its ESM build imports Lexical's named exports, which Node's ESM loader cannot see.
      const { htmlToLexical } = require('@tryghost/kg-html-to-lexical') as typeof import('@tryghost/kg-html-to-lexical');
      const posts: object[] = [];
      const postsTags: object[] = [];
      const postsAuthors: object[] = [];
      const tags = new Map<string, { id: string; name: string; slug: string }>();
      const userIdByName = new Map<string, number>();
      const absolute = (html: string) => html.replace(/(src|href|srcset)="\/(?!\/)/g, `$1="${deps.publicUrl}/`);
      for await (const article of articlesOf(channelId)) {
        const html = absolute(article.content);
        const cover = article.images.find((image) => image.cover);
        const id = String(article.id);
        posts.push({
          id,
          uuid: randomUUID(),
          title: article.title,
          slug: article.slug,
          html,
          lexical: JSON.stringify(htmlToLexical(html)),
          feature_image: cover ? new URL(cover.url, deps.publicUrl).href : null,
          featured: 0,
          type: 'post',
          status: article.published ? 'published' : 'draft',
          visibility: 'public',
          created_at: article.createdAt,
          updated_at: article.updatedAt,
          published_at: article.published ? (article.publishedAt ?? article.createdAt) : null,
          custom_excerpt: article.subtitle,
        });
        article.categories.forEach((full, sortOrder) => {
          const name = full.includes(' > ') ? full.slice(full.lastIndexOf(' > ') + 3) : full;
          let tag = tags.get(name);
          if (!tag) {
            tag = { id: `tag-${tags.size + 1}`, name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') };
            tags.set(name, tag);
          }
          postsTags.push({ id: `${id}-${tag.id}`, post_id: id, tag_id: tag.id, sort_order: sortOrder });
        });
        userIdByName.set(article.author, -1);
        postsAuthors.push({ id: `${id}-author`, post_id: id, author_username: article.author, sort_order: 0 });
      }
      // The authors' rows, then each post's author by their id.
      const authorRows = await repository.usersByUsernames([...userIdByName.keys()]);
      const users = authorRows.map((row) => ({
        id: String(row.id),
        name: row.username,
        slug: row.username.toLowerCase(),
        email: row.id === user.id && row.email ? row.email : `${row.username.toLowerCase()}@users.invalid`,
        bio: row.description,
        status: 'active',
        created_at: iso(row.created_at),
      }));
      const idOf = new Map(authorRows.map((row) => [row.username, String(row.id)]));
      return {
        db: [
          {
            meta: { exported_on: now(), version: '5.0.0' },
            data: {
              posts,
              tags: [...tags.values()],
              users,
              posts_tags: postsTags,
              posts_authors: postsAuthors.map((entry) => {
                const { author_username, ...rest } = entry as { author_username: string; id: string; post_id: string; sort_order: number };
                return { ...rest, author_id: idOf.get(author_username) ?? null };
              }),
            },
          },
        ],
      };
    },
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;
