import { describe, expect, it } from 'vitest';
import { isOurImageUrl, sanitizeArticleHtml, withResolvedImages } from './sanitize-html.js';

const LOCAL = '/uploads/';
const BUCKET = 'https://cdn.example/article-images/';

describe('images in article HTML', () => {
  it('keeps an image of our storage with its alt text, and drops every attribute we do not set', () => {
    const html = sanitizeArticleHtml('<p>Text</p><img src="/uploads/1_a.png" alt=" A cat " onerror="alert(1)" style="x" title="t" class="c">', LOCAL);
    expect(html).toBe('<p>Text</p><img src="/uploads/1_a.png" alt="A cat" loading="lazy" decoding="async" />');
  });

  it('removes remote, protocol-relative, data: and javascript: images, and paths outside the storage', () => {
    for (const src of [
      'https://elsewhere.example/a.png',
      '//elsewhere.example/uploads/a.png',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      '/uploads/../secret.png',
      '/uploads/1_a.png?x=1',
      '/other/1_a.png',
    ]) {
      expect(sanitizeArticleHtml(`<p>Text</p><img src="${src}" alt="x">`, LOCAL), src).toBe('<p>Text</p>');
    }
  });

  it('keeps no image at all when the storage prefix is not given', () => {
    expect(sanitizeArticleHtml('<p>Text</p><img src="/uploads/1_a.png">')).toBe('<p>Text</p>');
  });

  it('accepts a bucket’s absolute addresses as ours', () => {
    expect(isOurImageUrl(`${BUCKET}1_a.png`, BUCKET)).toBe(true);
    expect(isOurImageUrl('https://cdn.example/other/1_a.png', BUCKET)).toBe(false);
  });

  it('keeps a srcset only when every candidate is ours, and then sets its own sizes', () => {
    const foreign = sanitizeArticleHtml('<img src="/uploads/1_a.png" srcset="https://elsewhere.example/a.png 320w, /uploads/1_a-480w.webp 480w">', LOCAL);
    expect(foreign).not.toContain('srcset');
    expect(foreign).not.toContain('elsewhere');
    const ours = sanitizeArticleHtml('<img src="/uploads/1_a.png" srcset="/uploads/1_a-320w.webp 320w" sizes="1px" width="8" height="6">', LOCAL);
    expect(ours).toContain('srcset="/uploads/1_a-320w.webp 320w" sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)" width="8" height="6"');
  });

  it('writes each resolved image with its responsive copies and removes those that resolve to no upload', () => {
    const html = withResolvedImages('<img src="/uploads/1_a.png" alt="A"><img src="/uploads/2_b.png" alt="B">', LOCAL, (src) =>
      src === '/uploads/1_a.png'
        ? { url: src, width: 800, height: 600, variants: [{ width: 480, url: '/uploads/1_a-480w.webp' }, { width: 320, url: '/uploads/1_a-320w.webp' }] }
        : undefined,
    );
    expect(html).toBe(
      '<img src="/uploads/1_a.png" alt="A" srcset="/uploads/1_a-320w.webp 320w, /uploads/1_a-480w.webp 480w" sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)" width="800" height="600" loading="lazy" decoding="async" />',
    );
  });
});
