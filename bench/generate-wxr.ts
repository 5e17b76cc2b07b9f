/**
 * Writes a realistic WordPress export (WXR 1.2) for the import benchmark, streamed to disk:
 *   npx tsx bench/generate-wxr.ts --posts 10000 --comments 30000 --out bench/data/wxr/10000.xml [--seed 1]
 * Proportions: 1 author per 200 posts (at least 2), one attachment (the featured image) per post
 * written after it as WordPress does, 1 page per 100 posts, one post in ten a draft, bodies of
 * 2–6 KB in classic-editor paragraphs (blank lines, no <p>) with an image in one post of three,
 * a category and 0–4 tags each, and the comments spread unevenly (a few posts draw most of them),
 * one in five a reply, one in twenty held and one in forty spam.
 * The same arguments write the same file (seeded), so figures from two runs compare.
 */
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { createVocabulary, rng } from './vocabulary.js';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    comments: { type: 'string', default: '3000' },
    out: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const posts = Number(values.posts);
const comments = Number(values.comments);
if (!values.out || !Number.isInteger(posts) || posts < 1 || !Number.isInteger(comments) || comments < 0) {
  console.error('usage: npx tsx bench/generate-wxr.ts --posts N --comments N --out FILE [--seed N]');
  process.exit(1);
}

const random = rng(Number(values.seed));
const vocabulary = createVocabulary(random);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const words = (count: number) => Array.from({ length: count }, () => vocabulary.word()).join(' ');
const sentence = () => {
  const text = words(8 + Math.floor(random() * 14));
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
};
const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
const pad = (n: number) => String(n).padStart(2, '0');
const wpDate = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const SITE = 'https://bench-news.example';
const CATEGORIES = ['News', 'Politics', 'Business', 'Sport', 'Culture', 'Science', 'Opinion', 'Local'];
const authors = Array.from({ length: Math.max(2, Math.ceil(posts / 200)) }, (_, i) => ({ login: `writer${i + 1}`, name: vocabulary.name() }));

/** How many comments each post gets: Zipf-like weights, so a few posts draw most of the discussion. */
const commentsPerPost = new Uint32Array(posts);
{
  let harmonic = 0;
  for (let r = 1; r <= posts; r++) harmonic += 1 / r;
  for (let i = 0; i < comments; i++) {
    let target = random() * harmonic;
    let r = 1;
    // Walk down the weights; the head is short, so this is quick for most draws.
    while (r < posts && target > 1 / r) target -= 1 / r++;
    commentsPerPost[(r * 7919) % posts]! += 1;
  }
}

function body(withImage: boolean, id: number): string {
  const paragraphs: string[] = [];
  const target = 2048 + Math.floor(random() * 4096);
  let size = 0;
  while (size < target) {
    const paragraph = Array.from({ length: 2 + Math.floor(random() * 4) }, sentence).join(' ');
    paragraphs.push(paragraph);
    size += paragraph.length;
    if (withImage && paragraphs.length === 2) {
      paragraphs.push(`[caption id="attachment_${id}" align="aligncenter" width="1200"]<img class="size-large wp-image-${id}" src="${SITE}/wp-content/uploads/2024/05/photo-${id}.jpg" alt="${words(4)}" width="1200" height="800" /> ${sentence()}[/caption]`);
    }
  }
  return paragraphs.join('\n\n');
}

async function main() {
  const out = values.out!;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const file = fs.createWriteStream(out);
  const write = async (text: string) => {
    if (!file.write(text)) await once(file, 'drain');
  };

  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
\t<title>Bench News</title>
\t<link>${SITE}</link>
\t<description>Generated for the import benchmark</description>
\t<wp:wxr_version>1.2</wp:wxr_version>
\t<wp:base_site_url>${SITE}</wp:base_site_url>
\t<wp:base_blog_url>${SITE}</wp:base_blog_url>
`);
  for (const [i, author] of authors.entries()) {
    await write(
      `\t<wp:author><wp:author_id>${i + 1}</wp:author_id><wp:author_login>${cdata(author.login)}</wp:author_login><wp:author_email>${cdata(`${author.login}@bench-news.example`)}</wp:author_email><wp:author_display_name>${cdata(author.name)}</wp:author_display_name></wp:author>\n`,
    );
  }

  let nextId = 1;
  let commentId = 1;
  const start = Date.UTC(2019, 0, 1);
  for (let i = 0; i < posts; i++) {
    const id = nextId++;
    const published = new Date(start + i * 3 * 3600_000 + Math.floor(random() * 3600_000));
    const title = sentence().slice(0, 90).replace(/\.$/, '');
    const slug = slugOf(title);
    const isPage = i % 100 === 99;
    const isDraft = !isPage && i % 10 === 9;
    const withImage = i % 3 === 0;
    const author = pick(authors);
    const link = isDraft ? `${SITE}/?p=${id}` : isPage ? `${SITE}/${slug}/` : `${SITE}/${published.getUTCFullYear()}/${pad(published.getUTCMonth() + 1)}/${pad(published.getUTCDate())}/${slug}/`;
    const attachmentId = withImage && !isPage ? nextId++ : null;
    let item = `\t<item>
\t\t<title>${cdata(title)}</title>
\t\t<link>${link}</link>
\t\t<dc:creator>${cdata(author.login)}</dc:creator>
\t\t<guid isPermaLink="false">${SITE}/?p=${id}</guid>
\t\t<content:encoded>${cdata(body(withImage, attachmentId ?? id))}</content:encoded>
\t\t<excerpt:encoded>${cdata(random() < 0.3 ? sentence() : '')}</excerpt:encoded>
\t\t<wp:post_id>${id}</wp:post_id>
\t\t<wp:post_date_gmt>${cdata(isDraft ? '0000-00-00 00:00:00' : wpDate(published))}</wp:post_date_gmt>
\t\t<wp:post_modified_gmt>${cdata(wpDate(new Date(published.getTime() + 86_400_000)))}</wp:post_modified_gmt>
\t\t<wp:post_name>${cdata(isDraft ? '' : slug)}</wp:post_name>
\t\t<wp:status>${cdata(isDraft ? 'draft' : 'publish')}</wp:status>
\t\t<wp:post_type>${cdata(isPage ? 'page' : 'post')}</wp:post_type>
\t\t<wp:post_password>${cdata('')}</wp:post_password>
`;
    if (!isPage) {
      const category = pick(CATEGORIES);
      item += `\t\t<category domain="category" nicename="${slugOf(category)}">${cdata(category)}</category>\n`;
      for (let t = Math.floor(random() * 5); t > 0; t--) {
        const tag = vocabulary.word();
        item += `\t\t<category domain="post_tag" nicename="${slugOf(tag)}">${cdata(tag)}</category>\n`;
      }
      if (attachmentId) item += `\t\t<wp:postmeta><wp:meta_key>${cdata('_thumbnail_id')}</wp:meta_key><wp:meta_value>${cdata(String(attachmentId))}</wp:meta_value></wp:postmeta>\n`;
    }
    const first = commentId;
    for (let c = 0; c < commentsPerPost[i]!; c++) {
      const cid = commentId++;
      const parent = c > 0 && random() < 0.2 ? first + Math.floor(random() * c) : 0;
      const roll = random();
      const approved = roll < 1 / 40 ? 'spam' : roll < 1 / 40 + 1 / 20 ? '0' : '1';
      item += `\t\t<wp:comment><wp:comment_id>${cid}</wp:comment_id><wp:comment_author>${cdata(vocabulary.name())}</wp:comment_author><wp:comment_date_gmt>${cdata(wpDate(new Date(published.getTime() + (c + 1) * 600_000)))}</wp:comment_date_gmt><wp:comment_content>${cdata(Array.from({ length: 1 + Math.floor(random() * 3) }, sentence).join('\n\n'))}</wp:comment_content><wp:comment_approved>${cdata(approved)}</wp:comment_approved><wp:comment_type>${cdata('comment')}</wp:comment_type><wp:comment_parent>${parent}</wp:comment_parent></wp:comment>\n`;
    }
    item += '\t</item>\n';
    await write(item);
    if (attachmentId) {
      await write(`\t<item>
\t\t<title>${cdata(`photo-${attachmentId}`)}</title>
\t\t<link>${link}photo-${attachmentId}/</link>
\t\t<wp:post_id>${attachmentId}</wp:post_id>
\t\t<wp:post_parent>${id}</wp:post_parent>
\t\t<wp:status>${cdata('inherit')}</wp:status>
\t\t<wp:post_type>${cdata('attachment')}</wp:post_type>
\t\t<wp:attachment_url>${cdata(`${SITE}/wp-content/uploads/2024/05/photo-${attachmentId}.jpg`)}</wp:attachment_url>
\t\t<wp:postmeta><wp:meta_key>${cdata('_wp_attachment_image_alt')}</wp:meta_key><wp:meta_value>${cdata(words(4))}</wp:meta_value></wp:postmeta>
\t</item>
`);
    }
  }
  await write('</channel>\n</rss>\n');
  file.end();
  await once(file, 'finish');
  console.log(`wrote ${out}: ${posts} posts, ${comments} comments, ${(fs.statSync(out).size / 1024 / 1024).toFixed(1)} MB`);
}

await main();
