import { describe, expect, it } from 'vitest';
import { compressedFileName, compressionAttempts, fitWithin, needsCompression, outputTypeFor, QUALITY_STEPS } from './compress-image';

const MB = 1024 * 1024;

describe('browser-side compression maths', () => {
  it('compresses only files over 5 MB', () => {
    expect(needsCompression(5 * MB)).toBe(false);
    expect(needsCompression(5 * MB + 1)).toBe(true);
    expect(needsCompression(12 * MB)).toBe(true);
  });

  it('fits the longer side within 1920 px, keeping the proportions, never enlarging', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1440, height: 1920 });
    expect(fitWithin(6000, 1000)).toEqual({ width: 1920, height: 320 });
    expect(fitWithin(1920, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(100_000, 1)).toEqual({ width: 1920, height: 1 });
    expect(fitWithin(0, 10)).toEqual({ width: 0, height: 0 });
  });

  it('tries falling qualities at the capped size first, then smaller sizes', () => {
    const attempts = compressionAttempts(4000, 3000);
    expect(attempts.slice(0, QUALITY_STEPS.length)).toEqual(QUALITY_STEPS.map((quality) => ({ width: 1920, height: 1440, quality })));
    expect(attempts[QUALITY_STEPS.length]).toEqual({ width: 1536, height: 1152, quality: QUALITY_STEPS[0] });
    for (const a of attempts) expect(Math.max(a.width, a.height)).toBeLessThanOrEqual(1920);
    const widths = attempts.map((a) => a.width);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
  });

  it('writes JPEG for photographs and WebP where transparency may matter, renaming the file to match', () => {
    expect(outputTypeFor('image/jpeg')).toBe('image/jpeg');
    expect(outputTypeFor('image/png')).toBe('image/webp');
    expect(outputTypeFor('image/gif')).toBe('image/webp');
    expect(compressedFileName('Holiday photo.JPEG', 'image/jpeg')).toBe('Holiday photo.jpg');
    expect(compressedFileName('scan.png', 'image/webp')).toBe('scan.webp');
    expect(compressedFileName('noext', 'image/jpeg')).toBe('noext.jpg');
  });
});
