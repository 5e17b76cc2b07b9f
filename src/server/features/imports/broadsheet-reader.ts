import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { z } from 'zod';
import type { ImportArchive } from './import-archive.js';
import type { ArticleRecord, ImageUse, SourceRecord } from './source-records.js';
import { ImportFileError } from './source-records.js';

/**
 * Reads our own export back (exports.service.ts writes it): broadsheet.json, the images under
 * images/, and subscribers.csv. broadsheet.json is read whole: one channel's text, at most
 * MAX_MANIFEST_BYTES, where the images (the bulk of an export) stay entries read one at a time.
 */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

const ExportSchema = z.object({
  format: z.literal('broadsheet'),
  version: z.literal(1),
  site: z.string(),
  channel: z.object({ id: z.number(), name: z.string() }),
  articles: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      // Exports made before articles had a subtitle have none.
      subtitle: z.string().nullable().default(null),
      slug: z.string(),
      status: z.string(),
      published: z.boolean(),
      createdAt: z.string(),
      updatedAt: z.string(),
      author: z.string(),
      content: z.string(),
      categories: z.array(z.string()),
      images: z.array(z.object({ file: z.string().nullable(), url: z.string(), alt: z.string().nullable(), cover: z.boolean(), inText: z.boolean() })),
      comments: z.array(z.object({ id: z.number(), parentId: z.number().nullable(), author: z.string(), content: z.string(), status: z.string(), createdAt: z.string() })),
    }),
  ),
  redirects: z.array(z.object({ path: z.string(), articleId: z.number() })),
});

export async function* readBroadsheet(archive: ImportArchive): AsyncGenerator<SourceRecord> {
  const manifest = `${archive.root}broadsheet.json`;
  let data: z.infer<typeof ExportSchema>;
  try {
    const parsed = ExportSchema.safeParse(JSON.parse(await archive.readText(manifest, MAX_MANIFEST_BYTES)));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ImportFileError(`${manifest}: ${issue.path.join('.') || 'root'}`, issue.message);
    }
    data = parsed.data;
  } catch (error) {
    if (error instanceof SyntaxError) throw new ImportFileError(manifest, `malformed JSON (${error.message})`);
    throw error;
  }
  yield { type: 'source', format: 'broadsheet', siteUrl: data.site, title: data.channel.name };
  for (const author of new Set(data.articles.map((article) => article.author))) {
    // Addresses are never exported: the articles are the importer's unless an author is on staff by name elsewhere.
    yield { type: 'author', key: author, name: author, email: null, slug: author };
  }
  const oldPaths = new Map<number, string[]>();
  for (const redirect of data.redirects) oldPaths.set(redirect.articleId, [...(oldPaths.get(redirect.articleId) ?? []), redirect.path]);
  for (const article of data.articles) {
    const entry = (file: string) => `${archive.root}${file}`;
    const imageRefs: ImageUse[] = article.images
      .filter((image) => image.inText && image.file && archive.has(entry(image.file)))
      .map((image) => ({ src: image.url, ref: { kind: 'archive', path: entry(image.file!) } }));
    const cover = article.images.find((image) => image.cover && image.file && archive.has(entry(image.file)));
    const record: ArticleRecord = {
      type: 'article',
      sourceId: `${data.site}/channels/${data.channel.id}/articles/${article.id}`,
      title: article.title,
      subtitle: article.subtitle,
      html: article.content,
      status: article.published ? 'published' : 'draft',
      draftNote: !article.published && article.status !== 'draft' ? `${article.status.replace('_', ' ')} on the old site: imported as a draft` : null,
      // created_at is the Published date of a published article and the creation of a draft.
      publishedAt: article.createdAt,
      updatedAt: article.updatedAt,
      slug: article.slug,
      tags: article.categories,
      authorKeys: [article.author],
      oldPaths: oldPaths.get(article.id) ?? [],
      cover: cover ? { ref: { kind: 'archive', path: entry(cover.file!) }, alt: cover.alt } : null,
      imageRefs,
      comments: article.comments.map((comment) => ({
        sourceId: String(comment.id),
        parentSourceId: comment.parentId === null ? null : String(comment.parentId),
        authorName: comment.author,
        createdAt: comment.createdAt,
        text: comment.content,
        approved: comment.status === 'published',
        spam: false,
      })),
    };
    yield record;
  }
  const subscribers = `${archive.root}subscribers.csv`;
  if (!archive.has(subscribers)) return;
  const parser = parse({ columns: true, bom: true, skip_empty_lines: true, max_record_size: 64 * 1024 });
  const rows = pipeline(await archive.open(subscribers), parser, () => {});
  try {
    for await (const row of rows as AsyncIterable<Record<string, string>>) {
      // Only the publisher's own list carries addresses; the site's readers are not the channel's to move.
      if (!row.email) continue;
      yield { type: 'subscriber', email: row.email, active: row.suppressed !== 'true', createdAt: row.since || null };
    }
  } catch (error) {
    if (error instanceof CsvError) throw new ImportFileError(subscribers, `the CSV is malformed (${error.message})`);
    throw error;
  } finally {
    rows.destroy();
  }
}
