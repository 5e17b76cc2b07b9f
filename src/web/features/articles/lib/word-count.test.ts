import { describe, expect, it } from 'vitest';
import { countWords, editorReadingMinutes, wordCountLabel } from './word-count';

describe('the word count under the editor', () => {
  it('counts the words of the text, not of the markup', () => {
    expect(countWords('<h2>Harbour news</h2><p>The <strong>wall</strong> is <a href="https://example.com">fixed</a>.</p>')).toBe(6);
    expect(countWords('<p>A well-known writer’s 3 notes — in 2026.</p>')).toBe(7);
    expect(countWords('<p></p>')).toBe(0);
  });

  it('reads at 200 words a minute, rounding a started minute up', () => {
    expect(editorReadingMinutes(0)).toBe(0);
    expect(editorReadingMinutes(1)).toBe(1);
    expect(editorReadingMinutes(200)).toBe(1);
    expect(editorReadingMinutes(201)).toBe(2);
  });

  it("reads '{n} words · {m} min read'", () => {
    expect(wordCountLabel(`<p>${'word '.repeat(401)}</p>`)).toBe('401 words · 3 min read');
    expect(wordCountLabel('<p>One</p>')).toBe('1 word · 1 min read');
  });
});
