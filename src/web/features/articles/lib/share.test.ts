import { describe, expect, it } from 'vitest';
import { paths } from '@contract/paths';
import { absoluteUrl, articleDescription, articleShareText } from './share';

describe('description and share text', () => {
  const html = `<h2>Harbour &amp; tide</h2><p>${'The water rose. '.repeat(20)}</p><p>More <strong>words</strong> here.</p>`;

  it('strips markup and cuts to 160 / 100 characters at a boundary', () => {
    const description = articleDescription(html);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).not.toMatch(/[<>]/);
    expect(description.startsWith('Harbour & tide. The water rose.')).toBe(true);
    expect(description.endsWith('.')).toBe(true);
    const share = articleShareText(html);
    expect(share.length).toBeLessThanOrEqual(100);
  });

  it('keeps short content whole', () => {
    expect(articleShareText('<p>Short <em>note</em>.</p>')).toBe('Short note.');
  });

  it('builds canonical article URLs', () => {
    expect(paths.article(42, 'harbour-tide')).toBe('/articles/harbour-tide-42');
    expect(paths.article(42)).toBe('/articles/42');
    expect(absoluteUrl(paths.article(42, 'harbour-tide'), 'https://news.example')).toBe('https://news.example/articles/harbour-tide-42');
  });
});
