import { describe, expect, it } from 'vitest';
import { parseBootstrapArticle } from './bootstrap-article';

describe('parseBootstrapArticle', () => {
  it('reads the article the server embedded', () => {
    const article = { id: 4, title: 'T', content: '<p>x</p>', channel: { id: 1, name: 'C', slug: 'c' } };
    expect(parseBootstrapArticle(JSON.stringify({ user: null, article }))).toEqual(article);
  });

  it('gives null for no block, bad JSON or another shape', () => {
    expect(parseBootstrapArticle(null)).toBeNull();
    expect(parseBootstrapArticle('{')).toBeNull();
    expect(parseBootstrapArticle(JSON.stringify({ user: null }))).toBeNull();
    expect(parseBootstrapArticle(JSON.stringify({ article: { id: 'x' } }))).toBeNull();
  });
});
