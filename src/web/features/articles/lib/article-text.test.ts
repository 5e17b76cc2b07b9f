import { describe, expect, it, vi } from 'vitest';
import { articleText, fromArticleText } from './article-text';

describe('articleText and fromArticleText', () => {
  it('strips the markup of a body', () => {
    expect(articleText('<h2>Tides</h2><p>High at <strong>six</strong>.</p>')).toContain('High at six.');
  });

  it('works a derived figure out once per body and name, and again for another body', () => {
    const derive = vi.fn((text: string) => text.length);
    const body = `<p>${'harbour '.repeat(20)}</p>`;
    // Each request brings its own copy of the body string: equal content is enough.
    expect(fromArticleText(body, 'length', derive)).toBe(fromArticleText(String([body]), 'length', derive));
    expect(derive).toHaveBeenCalledTimes(1);
    fromArticleText(body, 'other', derive);
    fromArticleText(`${body}<p>more</p>`, 'length', derive);
    expect(derive).toHaveBeenCalledTimes(3);
  });
});
