import { describe, expect, it } from 'vitest';
import { slugify, stripHtml, truncateAtBoundary, withoutXmlForbidden } from './text.js';

describe('slugify', () => {
  it.each([
    ['Hello, World!', 'hello-world'],
    ['  Crème brûlée in São Paulo  ', 'creme-brulee-in-sao-paulo'],
    ['***', 'untitled'],
    ['a'.repeat(100), 'a'.repeat(80)],
  ])('%s -> %s', (input, slug) => expect(slugify(input)).toBe(slug));
});

describe('stripHtml', () => {
  it('keeps words apart across blocks and decodes entities', () => {
    expect(stripHtml('<h2>Title</h2><p>Fish &amp; chips&nbsp;today</p><ul><li>one</li><li>two</li></ul>')).toBe('Title. Fish & chips today. one. two');
  });
  it('ends a block without punctuation with a full stop, and leaves punctuated ones alone', () => {
    expect(stripHtml('<h2>What was decided</h2><p>The council voted.</p><h3>Next?</h3><p>More <strong>soon</strong></p>')).toBe(
      'What was decided. The council voted. Next? More soon',
    );
    expect(stripHtml('<blockquote><p>“We will rebuild”</p></blockquote><p>Line one<br>line two</p>')).toBe('“We will rebuild” Line one line two');
    expect(stripHtml('Loose text<ul><li><p>item</p></li></ul>')).toBe('Loose text. item');
  });
  it('drops script and style bodies', () => {
    expect(stripHtml('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe('a. b');
  });
  it('decodes numeric entities', () => {
    expect(stripHtml('&#8220;Quoted&#x201D;')).toBe('“Quoted”');
  });
});

describe('truncateAtBoundary', () => {
  it('leaves short text alone', () => expect(truncateAtBoundary('Short one.', 160)).toBe('Short one.'));

  it('prefers a sentence end', () => {
    const text = 'The council met on Tuesday evening at the hall. It voted to repair the harbour wall before winter.';
    const cut = truncateAtBoundary(text, 60);
    expect(cut).toBe('The council met on Tuesday evening at the hall.');
  });

  it('otherwise cuts at a word boundary with an ellipsis, within the limit', () => {
    const text = 'Storm surge warnings were issued along the whole eastern coastline as forecasters tracked the system';
    const cut = truncateAtBoundary(text, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith('…')).toBe(true);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    expect(text[cut.length - 1]).toBe(' ');
  });

  it('never exceeds the limit, for any text', () => {
    for (let n = 10; n < 200; n += 7) {
      const text = 'word '.repeat(n) + 'Sentence. '.repeat(n % 5);
      expect(truncateAtBoundary(text, 100).length).toBeLessThanOrEqual(100);
      expect(truncateAtBoundary(text, 160).length).toBeLessThanOrEqual(160);
    }
  });
});

describe('withoutXmlForbidden', () => {
  it('drops what XML 1.0 forbids and keeps everything else, emoji and other surrogate pairs included', () => {
    expect(withoutXmlForbidden('a\u0000b\u0001c\u0008d\u000be\u000cf\u001fg\ufffeh\uffffi')).toBe('abcdefghi');
    expect(withoutXmlForbidden('tab\tline\ncarriage\r')).toBe('tab\tline\ncarriage\r');
    expect(withoutXmlForbidden('emoji 😀 𐏿 é \u00a0 \u0085 \ud7ff \ue000 \ufffd')).toBe('emoji 😀 𐏿 é \u00a0 \u0085 \ud7ff \ue000 \ufffd');
    expect(withoutXmlForbidden('lone \ud800 high, lone \udc00 low, reversed \udfff\ud800.')).toBe('lone  high, lone  low, reversed .');
  });
});
