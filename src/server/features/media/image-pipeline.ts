import fs from 'node:fs/promises';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { IMAGE_VARIANT_WIDTHS, MEDIA_MESSAGES } from '../../../contract/media.js';
import { LIMITS } from '../../../contract/limits.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { decodeCost, decodeShapeOf, tooMuchMemoryMessage } from './decode-budget.js';
import { sniffImage } from './image-sniff.js';
import { createSlots, IMAGE_QUEUE_MAX, IMAGE_SLOTS } from './image-slots.js';

/**
 * sharp and libvips (about 23 MB of a process's resident memory) load with the first image, so an
 * instance that only serves readers never holds them. Everything in the server that draws or reads
 * pixels goes through this: one static `import sharp` anywhere in the bundle loads it at start.
 */
let sharpLoaded: Promise<typeof import('sharp')['default']> | undefined;
export const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache keeps recent results (up to 50 MB) for reuse; every upload is new
    // pixels, so it would only hold memory.
    sharp.cache(false);
    return sharp;
  }));

/**
 * The memory the images being decoded at once may hold together, by their estimated cost
 * (decode-budget.ts): IMAGE_MEMORY_MB. Four photos fit at once; an image that could never fit is
 * refused before decoding, so hostile files hold no more than fifty photos do
 * (decode-budget.perf.test.ts).
 */
export const DEFAULT_IMAGE_MEMORY_BYTES = 192 * 1024 * 1024;

/** One pool per process: libvips' memory is the process's. */
const slots = createSlots(IMAGE_SLOTS, IMAGE_QUEUE_MAX, undefined, DEFAULT_IMAGE_MEMORY_BYTES);

/** Sets the memory budget of image processing (IMAGE_MEMORY_MB), once at start. */
export function setImageMemoryBudget(bytes: number): void {
  slots.setMemoryBudget(bytes);
}

/** An image in memory, or the path of a file holding it (an upload spooled to disk). */
export type ImageSource = Buffer | string;

/** Enough of the start of a file for file-type to see its structure (a PNG's chunks up to its pixels) and for the declared size. */
const HEAD_BYTES = 256 * 1024;

async function head(source: ImageSource): Promise<{ bytes: Buffer; size: number }> {
  if (Buffer.isBuffer(source)) return { bytes: source, size: source.length };
  const file = await fs.open(source, 'r');
  try {
    const { size } = await file.stat();
    const bytes = Buffer.alloc(Math.min(size, HEAD_BYTES));
    const { bytesRead } = await file.read(bytes, 0, bytes.length, 0);
    return { bytes: bytes.subarray(0, bytesRead), size };
  } finally {
    await file.close();
  }
}

/**
 * The most pixels an upload may declare. A 20 MB file can claim 50,000 x 50,000 pixels (a
 * "decompression bomb"); refusing by the header's dimensions, before anything is decoded, keeps
 * memory bounded. 50 megapixels covers the largest phone cameras (48 MP).
 */
export const MAX_INPUT_PIXELS = 50_000_000;

export const TOO_MANY_PIXELS_MESSAGE = `Image dimensions are too large (max ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`;

/**
 * Shapes refused before decoding. A 1 x 49,000,000 PNG is under the pixel
 * limit and 95 KB on the wire, yet took 25 s of CPU to resize. No photograph or illustration is
 * longer than 20,000 px or 50 times longer than it is wide; the 1920 px of docs/product.md#data is what an
 * accepted image is resized to, not a refusal.
 */
export const MAX_INPUT_SIDE = 20_000;
export const MAX_ASPECT_RATIO = 50;
export const TOO_LONG_SIDE_MESSAGE = `Image dimensions are too large (the longest side may be at most ${MAX_INPUT_SIDE.toLocaleString('en-US')} pixels)`;
export const TOO_NARROW_MESSAGE = `Image is too long and narrow (one side may be at most ${MAX_ASPECT_RATIO} times the other)`;

/**
 * The most time the decoding, and then each encoding, of one image may take; libvips stops the
 * work itself. A 48 MP JPEG decodes in about 1 s on the 2-core test machine, the slowest image we
 * accept (a 16-bit RGBA PNG of 49 MP) in about 5 s. Mutable for the tests only.
 */
export const PROCESSING_LIMIT = { seconds: 10 };
export const TOO_SLOW_MESSAGE = 'The image took too long to process. Please upload a smaller or simpler image.';

/** Refuses by the declared size: pixels first (the bombs), then the longest side, then the shape. */
function checkDimensions(width: number, height: number): void {
  if (width * height > MAX_INPUT_PIXELS) throw badRequest(TOO_MANY_PIXELS_MESSAGE);
  if (Math.max(width, height) > MAX_INPUT_SIDE) throw badRequest(TOO_LONG_SIDE_MESSAGE);
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.max(1, Math.min(width, height))) throw badRequest(TOO_NARROW_MESSAGE);
}

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

const FORMATS: Record<ImageFormat, { mime: string; extensions: string[] }> = {
  png: { mime: 'image/png', extensions: ['png'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
};

export interface ProcessedImage {
  format: ImageFormat;
  mime: string;
  buffer: Buffer;
  width: number;
  height: number;
  /** Responsive WebP copies, narrowest first; the widest is the image's own width. */
  variants: { width: number; buffer: Buffer }[];
}

const unsupported = () => new HttpError(415, MEDIA_MESSAGES.fileType);

/**
 * Reads what the bytes really are (not the name or the declared type): PNG, JPEG, GIF or WebP,
 * within the pixel limit. Anything else, SVG included, is refused (415) before any decoder sees it;
 * a file that starts like one of the four but cannot be read is damaged (400).
 */
export async function inspectImage(input: ImageSource): Promise<{ format: ImageFormat; width: number; height: number; size: number; cost: number }> {
  const { bytes, size } = await head(input);
  const sniffed = await sniffImage(bytes);
  if (!sniffed) throw unsupported();
  if (sniffed.width !== undefined && sniffed.height !== undefined) checkDimensions(sniffed.width, sniffed.height);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Only the header is read here; the pixel count is checked below with a clear answer.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(MEDIA_MESSAGES.unreadable);
  }
  // libvips chooses its reader by the content too; it must have agreed with the signature.
  if (meta.format !== sniffed.format) throw unsupported();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw badRequest(MEDIA_MESSAGES.unreadable);
  // For an animated image the pixels of one frame count: only the first frame is decoded.
  const frameHeight = meta.pageHeight ?? meta.height ?? height;
  checkDimensions(meta.width ?? width, frameHeight);
  return { format: sniffed.format, width, height, size, cost: decodeCost(decodeShapeOf(meta, frameHeight)) };
}

function encode(image: Sharp, format: ImageFormat, quality: number, attempt: number): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality });
    case 'webp':
      return image.webp({ quality });
    case 'png':
      // Lossless first; a photograph saved as PNG can exceed the cap, so later attempts quantize.
      return attempt === 0 ? image.png({ compressionLevel: 7 }) : image.png({ palette: true, quality, effort: 4, compressionLevel: 7 });
    case 'gif':
      return image.gif({ effort: 7 });
  }
}

/**
 * The server's image pipeline (docs/decisions/006-image-pipeline.md): decode once (first frame of an animation),
 * turn upright by the EXIF orientation, drop every metadata block (EXIF with GPS, XMP, IPTC;
 * sharp writes none unless asked), fit the longer side within 1920 px, keep the file under 5 MB,
 * and write WebP copies for srcset. The header is checked at once (a bomb never waits in line);
 * the decoding and encoding take turns within a memory budget (image-slots.ts, decode-budget.ts).
 */
export async function processImage(input: ImageSource, owner?: number | string): Promise<ProcessedImage> {
  const inspected = await inspectImage(input);
  // Refused before decoding: what could never fit, even alone (an interlaced 16-bit giant).
  if (inspected.cost > slots.memoryBudget()) throw badRequest(tooMuchMemoryMessage(inspected.cost, slots.memoryBudget()));
  return slots.run(() => decodeAndEncode(input, inspected), owner, inspected.cost);
}

const timedOut = (error: unknown) => error instanceof Error && /timeout/i.test(error.message);

async function decodeAndEncode(input: ImageSource, inspected: Awaited<ReturnType<typeof inspectImage>>): Promise<ProcessedImage> {
  const { format } = inspected;
  const sharp = await loadSharp();
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, failOn: 'error' })
      .timeout(PROCESSING_LIMIT)
      .rotate()
      .resize({ width: LIMITS.imageMaxSide, height: LIMITS.imageMaxSide, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw badRequest(TOO_MANY_PIXELS_MESSAGE);
    if (timedOut(error)) throw badRequest(TOO_SLOW_MESSAGE);
    throw badRequest(MEDIA_MESSAGES.unreadable);
  }
  const { data, info } = decoded;
  const raw = { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 };
  const fromRaw = () => sharp(data, { raw }).timeout(PROCESSING_LIMIT);
  try {
    return await encodeAll(format, inspected, { info, fromRaw });
  } catch (error) {
    if (timedOut(error)) throw badRequest(TOO_SLOW_MESSAGE);
    throw error;
  }
}

async function encodeAll(
  format: ImageFormat,
  inspected: Awaited<ReturnType<typeof inspectImage>>,
  { info, fromRaw }: { info: OutputInfo; fromRaw: () => Sharp },
): Promise<ProcessedImage> {
  // Lower quality first, then smaller dimensions, until the file fits the 5 MB cap.
  const attempts = [
    { quality: 85, scale: 1 },
    { quality: 72, scale: 1 },
    { quality: 60, scale: 1 },
    { quality: 45, scale: 1 },
    { quality: 60, scale: 0.75 },
    { quality: 50, scale: 0.5 },
  ];
  // A lossless file already over the cap at the same size will not shrink by re-encoding it losslessly.
  const skipFirst = format === 'png' && inspected.size > LIMITS.imageMaxBytes && info.width === inspected.width;
  let main: { buffer: Buffer; width: number; height: number } | undefined;
  for (const [i, attempt] of attempts.entries()) {
    if (i === 0 && skipFirst) continue;
    let image = fromRaw();
    if (attempt.scale < 1) image = image.resize({ width: Math.max(1, Math.round(info.width * attempt.scale)) });
    const { data: buffer, info: out } = await encode(image, format, attempt.quality, i).toBuffer({ resolveWithObject: true });
    if (buffer.length <= LIMITS.imageMaxBytes) {
      main = { buffer, width: out.width, height: out.height };
      break;
    }
  }
  if (!main) throw badRequest(`The image could not be made smaller than ${LIMITS.imageMaxBytes / 1024 / 1024} MB`);

  const widths = [...new Set([...IMAGE_VARIANT_WIDTHS.filter((w) => w < main.width), main.width])].sort((a, b) => a - b);
  const variants = await Promise.all(
    widths.map(async (width) => {
      const image = width === info.width ? fromRaw() : fromRaw().resize({ width });
      // Effort 2 of 6: files a few per cent larger, encoded three times faster, so uploads answer quickly.
      return { width, buffer: await image.webp({ quality: 80, effort: 2 }).toBuffer() };
    }),
  );
  return { format, mime: FORMATS[format].mime, buffer: main.buffer, width: main.width, height: main.height, variants };
}

/**
 * The stored name for an upload: the sanitized original name, with the extension corrected when it
 * does not match the content (so the file is served with the right type), at most 120 characters.
 */
export function fileNameForFormat(originalName: string, format: ImageFormat): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const stem = (dot > 0 ? base.slice(0, dot) : base) || 'image';
  const extension = FORMATS[format].extensions.includes(ext) ? base.slice(dot + 1) : FORMATS[format].extensions[0]!;
  return `${stem.slice(0, 100)}.${extension}`;
}
