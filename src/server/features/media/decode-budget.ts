import type { Metadata } from 'sharp';
import { LIMITS } from '../../../contract/limits.js';

/**
 * What decoding an image holds in memory, estimated from its header before anything is decoded.
 *
 * Pixels alone say too little: a 409 KB PNG of 7000 × 7000 pixels, interlaced, in 16-bit RGBA is
 * 392 MB once decoded (and took the server from 150 to 760 MB), while a 48-megapixel baseline JPEG
 * of 18 MB never holds more than a few lines and its resized copy. So the cost is counted in bytes,
 * width × height × channels × bytes per sample, for what the decoder must hold at once:
 * - the whole frame when the format cannot be read a band at a time: an interlaced PNG (its passes
 *   cover the whole image), a progressive JPEG (its scans refine every block), a GIF (libvips reads
 *   the frame whole);
 * - otherwise the frame resized to the 1920 px the pipeline keeps (libvips streams the input
 *   through the resize: a baseline JPEG shrinks as it is decoded, a plain PNG is read a band at a
 *   time, WebP scales on load).
 * Both carry WORKING_COPIES of the resized frame: the resize's buffers, the raw copy the encodes
 * start from, and the encodes themselves. Measured on the 2-core test machine (peak resident
 * memory of one upload above the idle server): 16-bit RGBA 7000² interlaced +457 MB (estimate
 * 510), the same plain +117 MB (118), 8-bit RGB 7000² interlaced +167 MB (191) and plain +43 MB
 * (44), a 48 MP progressive JPEG +171 MB (177), a 48 MP baseline JPEG +49 MB (33), a 49 MP GIF
 * +261 MB (255), a 49 MP WebP +64 MB (44).
 */
export const WORKING_COPIES = 4;

export interface DecodeShape {
  width: number;
  /** One frame's height (only the first frame of an animation is decoded). */
  height: number;
  channels: number;
  bytesPerSample: number;
  /** Whether the decoder holds the whole frame (interlaced, progressive, GIF). */
  wholeFrame: boolean;
}

const BYTES_PER_SAMPLE: Partial<Record<NonNullable<Metadata['depth']>, number>> = { ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

export function decodeShapeOf(meta: Metadata, frameHeight: number): DecodeShape {
  const format = meta.format;
  return {
    width: meta.width ?? 0,
    height: frameHeight,
    channels: meta.channels ?? 4,
    bytesPerSample: (meta.depth && BYTES_PER_SAMPLE[meta.depth]) || 1,
    wholeFrame: format === 'gif' || ((format === 'png' || format === 'jpeg') && meta.isProgressive === true),
  };
}

/** Bytes decoding this image holds at once (see above). */
export function decodeCost(shape: DecodeShape): number {
  const sample = shape.channels * shape.bytesPerSample;
  const scale = Math.min(1, LIMITS.imageMaxSide / Math.max(shape.width, shape.height, 1));
  const resized = Math.ceil(shape.width * scale) * Math.ceil(shape.height * scale) * sample;
  return (shape.wholeFrame ? shape.width * shape.height * sample : 0) + WORKING_COPIES * resized;
}

const MB = 1024 * 1024;

export function tooMuchMemoryMessage(cost: number, budget: number): string {
  return (
    `This image would need about ${Math.ceil(cost / MB)} MB of memory to process (at most ${Math.floor(budget / MB)} MB). ` +
    'Please upload a smaller image, or save it as a baseline JPEG or a non-interlaced PNG.'
  );
}
