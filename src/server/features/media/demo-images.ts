import { slugify } from '../../../contract/text.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { loadSharp } from './image-pipeline.js';
import type { MediaService } from './media.service.js';

const PALETTES: [string, string][] = [
  ['#1e3a8a', '#f59e0b'],
  ['#0f766e', '#a3e635'],
  ['#7c2d12', '#fb7185'],
  ['#312e81', '#22d3ee'],
  ['#14532d', '#fde68a'],
  ['#581c87', '#f472b6'],
  ['#0c4a6e', '#e2e8f0'],
  ['#3f3f46', '#f97316'],
];

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Breaks a title into lines of about `width` characters at word boundaries (at most three lines). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines.slice(2).join(' ').slice(0, width - 1)}…`] : lines;
}

/**
 * A picture for a demo article, drawn here (nothing is downloaded): a diagonal gradient with a few
 * soft circles and the caption text. JPEG, so it goes through the same pipeline as a photo.
 */
export async function drawDemoImage(text: string, seed: number, width = 1200, height = 800): Promise<Buffer> {
  const [from, to] = PALETTES[seed % PALETTES.length]!;
  const circles = Array.from({ length: 5 }, (_, i) => {
    const x = ((seed * 37 + i * 211) % 100) / 100;
    const y = ((seed * 53 + i * 97) % 100) / 100;
    const r = 60 + ((seed * 13 + i * 71) % 180);
    return `<circle cx="${Math.round(x * width)}" cy="${Math.round(y * height * 0.7)}" r="${r}" fill="#fff" fill-opacity="0.${(i % 3) + 1}"/>`;
  }).join('');
  const lines = wrap(text, 30);
  const fontSize = 60;
  const top = height - 72 - (lines.length - 1) * fontSize * 1.15;
  const textSvg = lines
    .map((line, i) => `<text x="64" y="${Math.round(top + i * fontSize * 1.15)}">${escapeXml(line)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}<rect width="100%" height="100%" fill="url(#shade)"/>
    <g font-family="DejaVu Serif, Georgia, serif" font-size="${fontSize}" font-weight="bold" fill="#fff">${textSvg}</g>
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/**
 * Pictures for about two thirds of the demo articles (some with two), uploaded and attached
 * through the media service like a writer's own.
 */
export async function seedDemoImages(
  media: MediaService,
  articles: { id: number; owner: number; title: string; place?: string | null }[],
  users: SessionUser[],
): Promise<number> {
  const byId = new Map(users.map((u) => [u.id, u]));
  let count = 0;
  for (const [i, article] of articles.entries()) {
    if (i % 3 === 2) continue;
    const owner = byId.get(article.owner);
    if (!owner) continue;
    const pictures = [{ text: article.title, caption: article.place ? `${article.place} (demo illustration)` : 'Demo illustration' }];
    if (i % 4 === 0) pictures.push({ text: `${article.title}: a closer look`, caption: 'A closer look' });
    const uploads = [];
    for (const [n, picture] of pictures.entries()) {
      const buffer = await drawDemoImage(picture.text, i + n * 3);
      uploads.push(await media.upload(owner, { fileName: `${slugify(article.title).slice(0, 60) || 'picture'}${n ? `-${n + 1}` : ''}.jpg`, source: buffer }));
    }
    await media.replace(
      article.id,
      owner,
      uploads.map((u, order) => ({ image_url: u.url, caption: pictures[order]!.caption, order, alt: `Illustration: ${pictures[order]!.text}`, cover: false })),
    );
    count += uploads.length;
  }
  return count;
}
