import { describe, expect, it } from 'vitest';
import { changedFieldNames, changedFields, EMPTY_ARTICLE_FIELDS, fieldsFromBody, fieldsToBody, readArticleFields, type ArticleFields } from './article-fields.js';

const saved: ArticleFields = {
  ...EMPTY_ARTICLE_FIELDS,
  title: 'Vote on Monday',
  content: '<p>The vote.</p>',
  categoryIds: [3, 1],
  location: { name: 'Whitby', lat: 54.48, lng: -0.61 },
};

describe("an article's fields, declared once", () => {
  it('sends an edit in the API body and reads the same fields back from it', () => {
    const body = fieldsToBody(saved);
    expect(body).toMatchObject({ title: 'Vote on Monday', content: '<p>The vote.</p>', categoryIds: [3, 1], location_name: 'Whitby', location_lat: 54.48, location_lng: -0.61 });
    expect(fieldsFromBody(body)).toEqual(saved);
    expect(fieldsFromBody({ location_name: '  ' })).toEqual({ location: null });
    expect(fieldsFromBody({})).toEqual({});
  });

  it('finds the fields an autosave sends: only those that changed, as typed', () => {
    const now = { ...saved, title: 'Vote on Tuesday', location: { name: 'Whitby', lat: 54.5, lng: -0.61 } };
    expect(changedFields(saved, now)).toEqual({ title: 'Vote on Tuesday', location: now.location });
    expect(changedFields(saved, { ...saved })).toEqual({});
    expect(changedFields(saved, { ...saved, categoryIds: [1, 3] })).toEqual({ categoryIds: [1, 3] });
  });

  it("calls a change the writer's work only when they changed words, not spaces, empty paragraphs or a pin", () => {
    const touched = { ...saved, title: ' Vote on Monday ', content: '<p>The vote.</p><p></p>', location: { name: 'Whitby', lat: null, lng: null } };
    expect(changedFieldNames(saved, touched, 'work')).toEqual([]);
    expect(changedFieldNames(saved, touched, 'exact')).toEqual(['title', 'content', 'location']);
  });

  it('reads an older snapshot with the fields it predates as empty, and a damaged one without breaking', () => {
    expect(readArticleFields({ title: 'Old', content: '<p>x</p>', categoryIds: [2] })).toEqual({ ...EMPTY_ARTICLE_FIELDS, title: 'Old', content: '<p>x</p>', categoryIds: [2] });
    expect(readArticleFields({ title: 7, categoryIds: 'x', location: { name: 1 } })).toEqual(EMPTY_ARTICLE_FIELDS);
    expect(readArticleFields(null)).toEqual(EMPTY_ARTICLE_FIELDS);
  });
});
