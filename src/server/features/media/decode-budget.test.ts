import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { interlacedPng, pngDeclaring } from '../../../test-support/hostile-images.js';
import { decodeCost, WORKING_COPIES } from './decode-budget.js';
import { DEFAULT_IMAGE_MEMORY_BYTES, inspectImage } from './image-pipeline.js';

const MB = 1024 * 1024;

describe('the decode budget of an image', () => {
  it('counts the whole frame for decoders that hold it, and the resized frame for those that stream', () => {
    const resized16Rgba = WORKING_COPIES * 1920 * 1920 * 4 * 2;
    expect(decodeCost({ width: 7000, height: 7000, channels: 4, bytesPerSample: 2, wholeFrame: true })).toBe(7000 * 7000 * 8 + resized16Rgba);
    expect(decodeCost({ width: 7000, height: 7000, channels: 4, bytesPerSample: 2, wholeFrame: false })).toBe(resized16Rgba);
    // Smaller than the kept 1920 px: the frame itself.
    expect(decodeCost({ width: 800, height: 600, channels: 3, bytesPerSample: 1, wholeFrame: true })).toBe(800 * 600 * 3 * (1 + WORKING_COPIES));
  });

  it('reads from the header alone what an interlaced 16-bit giant would take, beyond the default budget', { timeout: 60_000 }, async () => {
    const hostile = await inspectImage(await interlacedPng(7000, 7000));
    expect(hostile.cost).toBeGreaterThan(7000 * 7000 * 8);
    expect(hostile.cost).toBeGreaterThan(DEFAULT_IMAGE_MEMORY_BYTES);
    // As many pixels without interlacing (8-bit RGB) stream through the resize: well within it.
    const plain = await inspectImage(pngDeclaring(7000, 7000, 1024));
    expect(plain.cost).toBeLessThan(64 * MB);
    // A progressive JPEG is read whole, a baseline one in bands.
    const photo = sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#456' } });
    const progressive = await inspectImage(await photo.clone().jpeg({ progressive: true }).toBuffer());
    const baseline = await inspectImage(await photo.clone().jpeg().toBuffer());
    expect(progressive.cost - baseline.cost).toBe(4000 * 3000 * 3);
  });
});
