import { LIMITS } from '@contract/limits';

/** Files over 5 MB are compressed before upload (docs/product.md#writing). */
export function needsCompression(size: number): boolean {
  return size > LIMITS.imageMaxBytes;
}

/** Dimensions scaled down (never up) so the longer side is at most `maxSide`, rounded to whole pixels. */
export function fitWithin(width: number, height: number, maxSide: number = LIMITS.imageMaxSide): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Encoder qualities tried in turn; after the last, the dimensions shrink by this factor and it starts over. */
export const QUALITY_STEPS = [0.85, 0.75, 0.65, 0.5] as const;
export const SHRINK_FACTOR = 0.8;

/**
 * The encodings to try, in order, for an image of the given size: first the capped size at
 * falling qualities, then smaller sizes. Ends when one fits (the caller stops early).
 */
export function compressionAttempts(width: number, height: number, maxRounds = 4): { width: number; height: number; quality: number }[] {
  const attempts: { width: number; height: number; quality: number }[] = [];
  let size = fitWithin(width, height);
  for (let round = 0; round < maxRounds; round++) {
    for (const quality of QUALITY_STEPS) attempts.push({ ...size, quality });
    size = { width: Math.max(1, Math.round(size.width * SHRINK_FACTOR)), height: Math.max(1, Math.round(size.height * SHRINK_FACTOR)) };
  }
  return attempts;
}

/** JPEG for photographs; WebP keeps the transparency a PNG, GIF or WebP may have. */
export function outputTypeFor(inputType: string): 'image/jpeg' | 'image/webp' {
  return inputType === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
}

/** The file name after re-encoding: same stem, extension of the new type. */
export function compressedFileName(name: string, type: string): string {
  const stem = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name;
  return `${stem || 'image'}.${type === 'image/jpeg' ? 'jpg' : 'webp'}`;
}

function canvasToBlob(canvas: HTMLCanvasElement | OffscreenCanvas, type: string, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * Compresses a file over 5 MB in the browser (docs/product.md#writing): at most 1920 px on the longer
 * side and at most 5 MB, as JPEG or WebP. Files at or under 5 MB, and files the browser cannot
 * decode, come back unchanged (the server applies its own limits either way).
 */
export async function compressImage(file: File): Promise<File> {
  if (!needsCompression(file.size)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    let type: string = outputTypeFor(file.type);
    for (const attempt of compressionAttempts(bitmap.width, bitmap.height)) {
      const canvas =
        typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(attempt.width, attempt.height) : Object.assign(document.createElement('canvas'), attempt);
      const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
      if (!context) return file;
      context.drawImage(bitmap, 0, 0, attempt.width, attempt.height);
      const blob = await canvasToBlob(canvas, type, attempt.quality);
      // A browser that cannot encode WebP answers PNG; JPEG is then the way to get small.
      if (blob && blob.type !== type) {
        type = 'image/jpeg';
        continue;
      }
      if (blob && blob.size <= LIMITS.imageMaxBytes) {
        return new File([blob], compressedFileName(file.name, type), { type, lastModified: file.lastModified });
      }
    }
    return file;
  } finally {
    bitmap.close();
  }
}
