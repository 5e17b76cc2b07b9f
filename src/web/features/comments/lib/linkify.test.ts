import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('leaves text without addresses alone, markup included', () => {
    expect(linkify('Hello <img src=x onerror=alert(1)> & bye')).toEqual([{ kind: 'text', text: 'Hello <img src=x onerror=alert(1)> & bye' }]);
    expect(linkify('')).toEqual([]);
  });

  it('turns http and https addresses into links and keeps the text around them', () => {
    expect(linkify('See https://example.com/a?b=1#c and http://news.example.org now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://news.example.org', href: 'http://news.example.org/' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('keeps line breaks in the text', () => {
    expect(linkify('one\nhttps://a.example\ntwo')).toEqual([
      { kind: 'text', text: 'one\n' },
      { kind: 'link', text: 'https://a.example', href: 'https://a.example/' },
      { kind: 'text', text: '\ntwo' },
    ]);
  });

  it('leaves sentence punctuation and unopened brackets outside the link', () => {
    expect(linkify('Read https://a.example/x.')[1]).toEqual({ kind: 'link', text: 'https://a.example/x', href: 'https://a.example/x' });
    expect(linkify('(see https://a.example/x)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://a.example/x', href: 'https://a.example/x' },
      { kind: 'text', text: ')' },
    ]);
    expect(linkify('https://en.example.org/wiki/Foo_(bar)')[0]).toMatchObject({ text: 'https://en.example.org/wiki/Foo_(bar)' });
    expect(linkify('Really? https://a.example/?!')[1]).toMatchObject({ text: 'https://a.example/' });
  });

  it('stops an address at quotes and angle brackets, so markup cannot ride inside a link', () => {
    const segments = linkify('<a href="https://evil.example/x">click</a>');
    expect(segments.filter((s) => s.kind === 'link')).toEqual([{ kind: 'link', text: 'https://evil.example/x', href: 'https://evil.example/x' }]);
    expect(segments.map((s) => s.text).join('')).toBe('<a href="https://evil.example/x">click</a>');
  });

  it('never links other schemes', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example', 'vbscript:msgbox', 'xhttps://a.example']) {
      expect(linkify(text).every((s) => s.kind === 'text')).toBe(true);
    }
  });

  it('leaves an address with no host as text', () => {
    expect(linkify('https://')).toEqual([{ kind: 'text', text: 'https://' }]);
    expect(linkify('http://.')).toEqual([{ kind: 'text', text: 'http://.' }]);
  });

  it('always gives back every character it was given', () => {
    const samples = ['a https://b.example/c, d', 'https://x.example)(', '((https://x.example/(y)))', 'ends with http://q.example/?'];
    for (const text of samples) expect(linkify(text).map((s) => s.text).join('')).toBe(text);
  });

  it('keeps every character and links only http(s), for any text', () => {
    const pieces = fc.oneof(fc.string(), fc.constantFrom('https://', 'http://', 'javascript:', '<', '>', '"', ')', '(', '.', ' ', '\n', 'a.example'));
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        const segments = linkify(text);
        expect(segments.map((s) => s.text).join('')).toBe(text);
        for (const s of segments) if (s.kind === 'link') expect(s.href).toMatch(/^https?:\/\/[^\s<>"]+$/);
      }),
    );
  });
});
