import { describe, expect, it } from 'vitest';
import type { Article } from '@contract/articles';
import { valuesFromArticle } from '@/lib/article-form';
import { previewArticle } from './article-preview';

const saved: Article = {
  id: 7,
  slug: 'ferry-timetable',
  subtitle: null,
  title: 'New ferry timetable',
  userId: 1,
  channelId: 4,
  channel: { id: 4, name: 'Coast Desk', slug: 'coast-desk' },
  categories: [],
  category: null,
  location: null,
  location_name: null,
  location_lat: null,
  location_lng: null,
  published: false,
  status: 'draft',
  publishAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  lastEdited: '2026-11-28T09:00:00.000Z',
  viewCount: 0,
  likes: 0,
  dislikes: 0,
  commentCount: 0,
  content: '<p>Boats leave on the hour.</p>',
  excerpt: 'Boats leave on the hour.',
  images: [],
  author: { id: 1, username: 'writer' },
  userReaction: null,
  corrections: [],
  updatedAt: null,
  publicRevisions: 0,
  fediverse: { likes: 0, announces: 0 },
  moderationNote: null,
  reviewNote: null,
  commentsClosed: false,
  viewerBan: null,
  savedAt: '2026-11-28T09:00:00.000Z',
  pendingEdit: null,
};
const now = '2026-11-29T12:00:00.000Z';
const preview = (article: Article) => previewArticle(valuesFromArticle(article), { article, author: article.author, channel: article.channel }, now);

describe('the preview dates the article as readers will see it', () => {
  it('a draft published by this save: today', () => {
    expect(preview(saved).createdAt).toBe(now);
  });

  it('a scheduled article: at its scheduled time, not today', () => {
    expect(preview({ ...saved, status: 'scheduled', publishAt: '2026-12-01T07:30:00.000Z' }).createdAt).toBe('2026-12-01T07:30:00.000Z');
  });

  it('an article published before: its first publication', () => {
    expect(preview({ ...saved, published: true, status: 'published' }).createdAt).toBe('2026-11-20T09:00:00.000Z');
  });
});

describe('the preview shows what the writer typed', () => {
  it('the subtitle as typed, and none when it was cleared', () => {
    const values = { ...valuesFromArticle({ ...saved, subtitle: 'Saved standfirst.' }), subtitle: 'Typed standfirst.' };
    expect(previewArticle(values, { article: saved, author: saved.author, channel: saved.channel }, now).subtitle).toBe('Typed standfirst.');
    expect(previewArticle({ ...values, subtitle: null }, { article: { ...saved, subtitle: 'Old.' }, author: saved.author, channel: saved.channel }, now).subtitle).toBeNull();
  });
});
