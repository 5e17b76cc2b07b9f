import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const ranges = (text: string) => text.replace(/\s/g, '').split(',').sort();

describe('the serif font file preloaded for the first paint', () => {
  it('is declared for exactly the characters the subsetting script kept', () => {
    const script = /CORE_RANGE='([^']+)'/.exec(read('scripts/subset-serif-font.sh'))?.[1];
    const face = /url\('\.\/fonts\/newsreader-core-wght-normal\.woff2'\)[^;]*;\s*unicode-range:([^;]+);/.exec(read('src/web/styles.css'))?.[1];
    expect(script).toBeDefined();
    expect(face).toBeDefined();
    expect(ranges(face!)).toEqual(ranges(script!));
    // ASCII and the typographic quotes and dashes of English text are in it.
    expect(script).toContain('U+0020-007E');
    expect(script).toContain('U+2018-2019');
  });

  it('is the committed subset, smaller than the Latin file it replaces at first paint', () => {
    const core = fs.statSync(path.join(root, 'src/web/fonts/newsreader-core-wght-normal.woff2')).size;
    const latin = fs.statSync(path.join(root, 'node_modules/@fontsource-variable/newsreader/files/newsreader-latin-wght-normal.woff2')).size;
    expect(core).toBeGreaterThan(10_000);
    expect(core).toBeLessThan(latin * 0.7);
  });
});
