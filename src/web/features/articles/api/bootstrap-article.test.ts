import { describe, expect, it } from 'vitest';
import { parseBootstrapArticle, parseBootstrapFeed } from './bootstrap-article';

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

describe('parseBootstrapFeed', () => {
  it("reads the home page's first feed page", () => {
    const feed = { items: [{ id: 1, title: 'T' }], nextCursor: 'abc', source: 'all' };
    expect(parseBootstrapFeed(JSON.stringify({ user: null, feed }))).toEqual(feed);
  });

  it('gives null for no block, bad JSON or another shape', () => {
    expect(parseBootstrapFeed(null)).toBeNull();
    expect(parseBootstrapFeed('{')).toBeNull();
    expect(parseBootstrapFeed(JSON.stringify({ user: null }))).toBeNull();
    expect(parseBootstrapFeed(JSON.stringify({ feed: { items: 'x', source: 'all' } }))).toBeNull();
  });
});
