/**
 * Reads an import file through the import readers and reports what came out, how long it took and
 * the process's peak resident memory (Linux's VmHWM), without writing anything:
 *   npx tsx bench/read-import.ts FILE [--format wordpress]
 * With a small heap (`node --max-old-space-size=64 --import tsx bench/read-import.ts FILE`) it shows
 * that a file larger than the heap goes through: the readers stream.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { readImport } from '../src/server/features/imports/read-import.js';
import { IMPORT_FORMATS, type ImportFormat } from '../src/server/features/imports/source-records.js';

const { values, positionals } = parseArgs({ options: { format: { type: 'string' } }, allowPositionals: true });
const file = positionals[0];
if (!file || (values.format && !IMPORT_FORMATS.includes(values.format as ImportFormat))) {
  console.error(`usage: npx tsx bench/read-import.ts FILE [--format ${IMPORT_FORMATS.join('|')}]`);
  process.exit(1);
}

const peakRss = () => Number(/^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
const counts: Record<string, number> = {};
let comments = 0;
const started = performance.now();
for await (const record of readImport(file, { format: values.format as ImportFormat | undefined, maxBytes: Number.MAX_SAFE_INTEGER })) {
  counts[record.type] = (counts[record.type] ?? 0) + 1;
  if (record.type === 'article') comments += record.comments.length;
}
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ file, bytes: fs.statSync(file).size, records: counts, comments, seconds: Math.round(seconds * 10) / 10, peakRssBytes: peakRss() }));
