import { describe, expect, it } from 'vitest';
import type { Article } from '@contract/articles';
import { isBlankHtml, toCreateBody, toUpdateBody, validateArticleForm, valuesFromArticle, type ArticleFormValues } from './article-form';

const base: ArticleFormValues = {
  title: '  Harbour tides  ',
  subtitle: null,
  content: '<h2>Rising</h2><p>The water <strong>rose</strong>.</p>',
  channelId: 4,
  categories: [
    { id: 3, name: 'Science > Space' },
    { id: 13, name: 'Other' },
  ],
  location: { name: 'Lisbon, Portugal', lat: 38.72, lng: -9.14 },
  draft: true,
};

describe('article form', () => {
  it('requires a title, content and a channel, with the product’s messages', () => {
    expect(validateArticleForm(base, { needsChannel: true })).toEqual({});
    expect(validateArticleForm({ ...base, title: '   ', content: '<p></p>', channelId: null }, { needsChannel: true })).toEqual({
      title: 'Title is required',
      content: 'Content is required',
      channelId: 'Please select a channel',
    });
    expect(validateArticleForm({ ...base, channelId: null }, { needsChannel: false })).toEqual({});
  });

  it('treats an editor with only empty paragraphs as no content, but an image as content', () => {
    expect(isBlankHtml('<p></p><p> </p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp;</p>')).toBe(true);
    expect(isBlankHtml('<p><img src="/a.webp"></p>')).toBe(false);
  });

  it('builds the create body: trimmed title, draft status, Other left out, place fields', () => {
    expect(toCreateBody(base)).toEqual({
      subtitle: null,
      title: 'Harbour tides',
      content: base.content,
      channelId: 4,
      categoryIds: [3],
      location_name: 'Lisbon, Portugal',
      location_lat: 38.72,
      location_lng: -9.14,
      published: false,
      status: 'draft',
    });
    expect(toCreateBody({ ...base, draft: false, location: null })).toMatchObject({
      published: true,
      status: 'published',
      location_name: null,
      location_lat: null,
    });
  });

  it('builds the update body without channel or status', () => {
    const body = toUpdateBody(base);
    expect(body).not.toHaveProperty('channelId');
    expect(body).not.toHaveProperty('status');
    expect(body.categoryIds).toEqual([3]);
    expect(body).not.toHaveProperty('correction');
  });

  it('sends a correction only when the edit says it corrects the article', () => {
    expect(toUpdateBody({ ...base, correction: { corrects: false, kind: 'update', text: 'Kept aside' } })).not.toHaveProperty('correction');
    expect(toUpdateBody({ ...base, correction: { corrects: true, kind: 'update', text: '  The bridge reopened.  ' } }).correction).toEqual({
      kind: 'update',
      text: 'The bridge reopened.',
    });
  });

  it('starts from an article', () => {
    const article = {
      title: 'T',
      content: '<p>x</p>',
      channelId: 2,
      categories: [{ id: 5, name: 'World > Europe' }],
      location: 'Oslo',
      location_name: null,
      location_lat: null,
      location_lng: null,
      published: true,
    } as unknown as Article;
    expect(valuesFromArticle(article)).toEqual({
      title: 'T',
      subtitle: null,
      content: '<p>x</p>',
      channelId: 2,
      categories: [{ id: 5, name: 'World > Europe' }],
      location: { name: 'Oslo', lat: null, lng: null },
      draft: false,
    });
  });
});
