// After `vite build`: writes .br and .gz beside every compressible asset in dist/web, so the
// server sends precompressed files instead of compressing the same bytes on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = 'dist/web';
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|map)$/;
let count = 0;
for (const entry of fs.readdirSync(root, { recursive: true })) {
  const file = path.join(root, String(entry));
  if (!COMPRESSIBLE.test(file) || !fs.statSync(file).isFile()) continue;
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} assets (brotli and gzip)`);
