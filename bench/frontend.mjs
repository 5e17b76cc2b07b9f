// npm run bench:frontend — what a first visit downloads for each main route: the entry chunk, the
// route's lazy chunk and everything they import statically, JS and CSS, raw / gzip / brotli.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = 'dist/web';
const manifestPath = path.join(root, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) throw new Error('run `npm run build` first (dist/web/.vite/manifest.json is missing)');
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
function files(keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
  }
  return { js: [...js], css: [...css] };
}
function sizes(list) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of list) {
    const data = fs.readFileSync(path.join(root, file));
    raw += data.length;
    gzip += zlib.gzipSync(data, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(data).length;
  }
  return { raw, gzip, brotli };
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const routes = {
  '/': 'app/routes/home.tsx',
  '/articles/{slug}-{id}': 'app/routes/article.tsx',
  '/channels': 'app/routes/channels.tsx',
  '/articles/new (editor)': 'app/routes/article-new.tsx',
  '/admin': 'app/routes/admin.tsx',
};
const rows = [];
const entry = closure(entryKey);
for (const [route, source] of Object.entries(routes)) {
  if (!manifest[source]) continue;
  const keys = closure(source, new Set(entry));
  const { js, css } = files(keys);
  const jsSize = sizes(js);
  const cssSize = sizes(css);
  rows.push({ route, 'JS raw': kb(jsSize.raw), 'JS gzip': kb(jsSize.gzip), 'JS brotli': kb(jsSize.brotli), 'CSS gzip': kb(cssSize.gzip), chunks: js.length });
}
console.table(rows);
const routeChunks = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry || key === entryKey)
  .map(([key, chunk]) => ({ chunk: key, file: chunk.file, gzip: kb(sizes([chunk.file]).gzip) }));
console.table(routeChunks);
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync('bench/results/frontend.json', JSON.stringify({ rows, routeChunks }, null, 2));
