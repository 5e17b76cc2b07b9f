import { describe, expect, it } from 'vitest';
import { compileBlocklist } from './blocklist.js';

describe('a channel’s compiled blocklist', () => {
  const list = compileBlocklist(['Café', 'buy now', 'naïve', 'x-rated']);

  it('matches whole words, ignoring case and accents', () => {
    expect(list.matches('Meet at the CAFE')).toBe(true);
    expect(list.matches('cafe!')).toBe(true);
    expect(list.matches('a naive plan')).toBe(true);
    expect(list.matches('the cafeteria')).toBe(false);
    expect(list.matches('encafe')).toBe(false);
  });

  it('matches an entry of several words only as those words in sequence', () => {
    expect(list.matches('You should buy, NOW')).toBe(true);
    expect(list.matches('buy it now')).toBe(false);
    expect(list.matches('now buy')).toBe(false);
    // An entry with punctuation is its words: "x-rated" is "x rated".
    expect(list.matches('an X rated film')).toBe(true);
  });

  it('matches nothing when empty', () => {
    expect(compileBlocklist([]).matches('anything at all')).toBe(false);
    expect(compileBlocklist(['  ', '--']).size).toBe(0);
  });
});
