import { describe, expect, it } from 'vitest';
import type { ArticleImage } from '@contract/articles';
import { sanitizeFileName, storageKeyFor } from '@contract/media';
import { acceptFiles, itemsFromArticleImages, missingAltCount, moveItem, remainingSlots, sameAsSaved, toImageRecords, withCover, type UploaderItem } from './uploader-items';
import { srcSetOf } from './srcset';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

const articleImage = (id: number, order: number, caption: string | null = null): ArticleImage => ({
  id,
  imageUrl: `/uploads/1_${id}.png`,
  caption,
  order,
  width: 800,
  height: 600,
  variants: [
    { width: 960, url: `/uploads/1_${id}-960w.webp` },
    { width: 480, url: `/uploads/1_${id}-480w.webp` },
  ],
  alt: null,
  cover: false,
});

describe('choosing files', () => {
  it('silently skips files that are not images, and refuses other image types with the dropzone message', () => {
    const { accepted, rejections } = acceptFiles(
      [file('a.png', 'image/png'), file('notes.txt', 'text/plain'), file('logo.svg', 'image/svg+xml'), file('b.JPEG', 'image/jpeg'), file('c.heic', 'image/heic')],
      5,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'b.JPEG']);
    expect(rejections).toEqual([
      { name: 'logo.svg', code: 'file-invalid-type', message: 'File type must be PNG, JPG, JPEG, GIF or WEBP' },
      { name: 'c.heic', code: 'file-invalid-type', message: 'File type must be PNG, JPG, JPEG, GIF or WEBP' },
    ]);
  });

  it('accepts png, jpg, jpeg, gif and webp, refuses empty files and anything beyond the places left', () => {
    const files = ['1.png', '2.jpg', '3.jpeg', '4.gif', '5.webp'].map((n) => file(n, 'image/png'));
    expect(acceptFiles(files, 5).accepted).toHaveLength(5);
    const { accepted, rejections } = acceptFiles([...files, file('empty.png', 'image/png', 0)], 3);
    expect(accepted.map((f) => f.name)).toEqual(['1.png', '2.jpg', '3.jpeg']);
    expect(rejections.map((r) => [r.name, r.code, r.message])).toEqual([
      ['4.gif', 'too-many-files', 'Too many files'],
      ['5.webp', 'too-many-files', 'Too many files'],
      ['empty.png', 'file-too-small', 'File is empty'],
    ]);
  });

  it('allows 5 images, minus those kept when editing', () => {
    const kept = itemsFromArticleImages([articleImage(1, 0), articleImage(2, 1)]);
    expect(remainingSlots([])).toBe(5);
    expect(remainingSlots(kept)).toBe(3);
    expect(acceptFiles([1, 2, 3, 4].map((i) => file(`${i}.png`, 'image/png')), remainingSlots(kept)).accepted).toHaveLength(3);
  });
});

describe('ordering and saving', () => {
  it('reads an article’s images in their saved order, and writes them numbered in display order', () => {
    const items = itemsFromArticleImages([articleImage(7, 2, 'Third'), articleImage(5, 0, 'First'), articleImage(6, 1)]);
    expect(items.map((i) => [i.key, i.caption])).toEqual([
      ['stored-5', 'First'],
      ['stored-6', ''],
      ['stored-7', 'Third'],
    ]);
    const moved = moveItem(items, 2, -1);
    const records = toImageRecords(moved.map((i) => ({ url: (i as Extract<UploaderItem, { status: 'stored' }>).image.url, caption: i.caption })));
    expect(records).toEqual([
      { image_url: '/uploads/1_5.png', caption: 'First', order: 0, alt: null, cover: false },
      { image_url: '/uploads/1_7.png', caption: 'Third', order: 1, alt: null, cover: false },
      { image_url: '/uploads/1_6.png', caption: null, order: 2, alt: null, cover: false },
    ]);
    expect(sameAsSaved(items, items)).toBe(true);
    expect(sameAsSaved(moved, items)).toBe(false);
    expect(sameAsSaved(items.map((i, n) => (n === 1 ? { ...i, caption: 'New' } : i)), items)).toBe(false);
  });

  it('keeps alt text and one cover at most: choosing another moves it, choosing it again clears it', () => {
    const items = itemsFromArticleImages([articleImage(5, 0), articleImage(6, 1)]).map((i, n) => ({ ...i, alt: n === 0 ? '  A pier ' : '' }));
    const first = withCover(items, 0);
    expect(first.map((i) => i.cover)).toEqual([true, false]);
    expect(withCover(first, 1).map((i) => i.cover)).toEqual([false, true]);
    expect(withCover(first, 0).map((i) => i.cover)).toEqual([false, false]);
    expect(sameAsSaved(first, items)).toBe(false);
    expect(missingAltCount(items)).toBe(1);
    const records = toImageRecords(first.map((i) => ({ url: (i as Extract<UploaderItem, { status: 'stored' }>).image.url, caption: i.caption, alt: i.alt, cover: i.cover })));
    expect(records.map((r) => [r.alt, r.cover])).toEqual([
      ['A pier', true],
      [null, false],
    ]);
  });

  it('moves an item one place, and leaves the list alone at either end', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('builds srcset from the variants, narrowest first', () => {
    expect(srcSetOf(articleImage(3, 0))).toBe('/uploads/1_3-480w.webp 480w, /uploads/1_3-960w.webp 960w');
    expect(srcSetOf({ variants: [] })).toBeUndefined();
  });
});

describe('stored file names', () => {
  it('are the upload timestamp, an underscore, and the name with everything but letters, digits, dot and hyphen made an underscore', () => {
    expect(sanitizeFileName('My photo (1)+été.JPG')).toBe('My_photo__1___t_.JPG');
    expect(storageKeyFor('harbour-wall v2.png', 1767225600000)).toBe('1767225600000_harbour-wall_v2.png');
  });
});
