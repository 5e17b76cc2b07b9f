import Ajv from 'ajv';
import { Feed } from 'feed';
import { describe, expect, it } from 'vitest';
import { JSON_FEED_1_1_SCHEMA } from '../../../test-support/json-feed-schema.js';
import { jsonFeed11 } from './feeds.routes.js';

/** The one step of the feeds the feed package does not take (decision 044): JSON Feed 1.1. */
describe('JSON Feed 1.1 from the feed package', () => {
  const feed = new Feed({ id: 'https://news.example/', title: 'News', link: 'https://news.example/', generator: 'Broadsheet', updated: new Date(0) });
  feed.addItem({
    id: 'https://news.example/articles/1',
    link: 'https://news.example/articles/1',
    title: 'Harbour wall repaired',
    content: '<p>Whole again.</p>',
    date: new Date(0),
    author: [{ name: 'harbourmaster', link: 'https://news.example/users/harbourmaster' }],
  });
  const validate = new Ajv({ allErrors: true, strict: true, strictRequired: false }).compile(JSON_FEED_1_1_SCHEMA);

  it('is what the package cannot write: it writes version 1 with a single author', () => {
    const written = JSON.parse(feed.json1());
    expect(written.version).toBe('https://jsonfeed.org/version/1');
    expect(written.items[0]).not.toHaveProperty('authors');
    expect(validate(written)).toBe(false);
  });

  it('says version 1.1, lists the authors and the language, and keeps the 1.0 author for older readers', () => {
    const feed11 = JSON.parse(jsonFeed11(feed.json1()));
    expect(validate(feed11), JSON.stringify(validate.errors)).toBe(true);
    expect(feed11).toMatchObject({ version: 'https://jsonfeed.org/version/1.1', language: 'en' });
    expect(feed11.items[0]).toMatchObject({
      authors: [{ name: 'harbourmaster', url: 'https://news.example/users/harbourmaster' }],
      author: { name: 'harbourmaster', url: 'https://news.example/users/harbourmaster' },
    });
  });
});
