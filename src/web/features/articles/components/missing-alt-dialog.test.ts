import { describe, expect, it } from 'vitest';
import { missingAltInHtml } from './missing-alt-dialog';

describe('images of the text without alt text', () => {
  it('counts images with no alt, an empty one or only spaces, and not those described', () => {
    const html =
      '<p>Text</p><img src="/uploads/1_a.png" alt="A pier"><img src="/uploads/2_b.png"><img src="/uploads/3_c.png" alt="">' +
      '<img alt="   " src="/uploads/4_d.png"><p>alt="not an image"</p>';
    expect(missingAltInHtml(html)).toBe(3);
    expect(missingAltInHtml('<p>No images</p>')).toBe(0);
  });
});
