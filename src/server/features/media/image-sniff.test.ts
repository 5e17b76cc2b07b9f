import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { beforeAll, describe, expect, it } from 'vitest';
import { pngDeclaring, webpDeclaring } from '../../../test-support/hostile-images.js';
import { sniffImage } from './image-sniff.js';

let webp: Buffer;
beforeAll(async () => {
  // With alpha, so libwebp writes the extended (VP8X) header that carries the canvas size.
  webp = await sharp({ create: { width: 32, height: 24, channels: 4, background: { r: 10, g: 90, b: 160, alpha: 0.5 } } }).webp().toBuffer();
});

describe('what an upload is, by its bytes', () => {
  it('names the four accepted formats and nothing else', async () => {
    const photo = sharp({ create: { width: 32, height: 24, channels: 3, background: '#3a6ea5' } });
    expect(await sniffImage(await photo.clone().png().toBuffer())).toEqual({ format: 'png', width: 32, height: 24 });
    expect(await sniffImage(await photo.clone().jpeg().toBuffer())).toEqual({ format: 'jpeg' });
    expect(await sniffImage(await photo.clone().gif().toBuffer())).toEqual({ format: 'gif' });
    expect(await sniffImage(webp)).toEqual({ format: 'webp', width: 32, height: 24 });
    expect(await sniffImage(await photo.clone().tiff().toBuffer())).toBeUndefined();
    expect(await sniffImage(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });

  it('takes a PNG signature followed by anything else for a damaged PNG, which file-type declines to name', async () => {
    const signatureThenPdf = Buffer.concat([pngDeclaring(1, 1).subarray(0, 8), Buffer.from('%PDF-1.4\n1 0 obj')]);
    expect(await fileTypeFromBuffer(signatureThenPdf)).toBeUndefined();
    expect(await sniffImage(signatureThenPdf)).toEqual({ format: 'png' });
  });

  // The one case file-type and libvips leave to us (decision 044): a size libvips will not read.
  it.each([
    ['a PNG declaring 1 x 2,000,000,000', () => pngDeclaring(1, 2_000_000_000, 1024), { format: 'png', width: 1, height: 2_000_000_000 }],
    ['a PNG declaring 2^31-1 x 2^31-1', () => pngDeclaring(0x7fffffff, 0x7fffffff, 1024), { format: 'png', width: 0x7fffffff, height: 0x7fffffff }],
    ['a WebP declaring 16,384 x 16,384', () => webpDeclaring(webp, 16_384, 16_384), { format: 'webp', width: 16_384, height: 16_384 }],
  ])('reads the size %s, whose header libvips calls corrupt', async (_label, make, expected) => {
    const bomb = make();
    await expect(sharp(bomb, { limitInputPixels: false }).metadata()).rejects.toThrow(/corrupt header/);
    expect(await fileTypeFromBuffer(bomb)).not.toHaveProperty('width');
    expect(await sniffImage(bomb)).toEqual(expected);
  });
});
