import { describe, expect, it } from 'vitest';
import { readingMinutes } from './reading-time';

describe('readingMinutes', () => {
  it('is at least one minute', () => expect(readingMinutes('<p>Short.</p>')).toBe(1));
  it('counts the words of the text, not the markup', () => {
    expect(readingMinutes(`<h2>Head</h2><p>${'word '.repeat(1150)}</p>`)).toBe(5);
  });
});
