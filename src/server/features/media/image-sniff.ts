/**
 * What an upload really is, by its bytes, before any decoder sees it: `file-type` names the format
 * from its signature and structure, and only PNG, JPEG, GIF and WebP go on.
 *
 * Why not leave it all to sharp: libvips reads dozens of formats (SVG through librsvg, PDF, TIFF,
 * HEIF, FITS, ...), each a parser with its own history of bugs, and it picks one by the content.
 * Naming the type first means a hostile file (an SVG, a zip bomb, a PDF) never reaches any parser
 * but the four we accept.
 *
 * One thing here is our own (docs/decisions/044-libraries-for-limits-feeds-files-addresses-zones.md):
 * the size a PNG or a WebP header declares. libvips's header reader calls a PNG declaring more than
 * 2^31 pixels a side, or a WebP wider than 16,383, a corrupt file, and file-type reads no sizes, so
 * without this such a pixel bomb would be answered "unreadable" rather than refused for its size.
 */

export type SniffedFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface SniffedImage {
  format: SniffedFormat;
  /** What the header declares, where libvips may refuse to read it (PNG, WebP) and it is long enough to say. */
  width?: number;
  height?: number;
}

/** file-type's MIME types for the formats we accept; an animated PNG is a PNG to sharp (its first frame). */
const ACCEPTED: Record<string, SniffedFormat> = {
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** file-type loads with the first upload: an instance that only serves readers never holds it. */
let fileTypeLoaded: Promise<typeof import('file-type')> | undefined;

/** The format of the first bytes of a file (enough for file-type to see its structure), with the size PNG and WebP headers declare. */
export async function sniffImage(bytes: Buffer): Promise<SniffedImage | undefined> {
  const { fileTypeFromBuffer } = await (fileTypeLoaded ??= import('file-type'));
  const detected = await fileTypeFromBuffer(bytes);
  let format = detected ? ACCEPTED[detected.mime] : undefined;
  // file-type proves a PNG by its first chunk; a PNG signature followed by nothing or by something
  // else is a damaged PNG to a person (400 from sharp), not another kind of file (415).
  if (!detected && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) format = 'png';
  if (!format) return undefined;
  if (format === 'png') return { format, ...pngSize(bytes) };
  if (format === 'webp') return { format, ...webpSize(bytes) };
  return { format };
}

/** The first chunk must be IHDR: width and height as 32-bit big-endian numbers. */
function pngSize(bytes: Buffer): { width?: number; height?: number } {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return {};
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The canvas of an extended WebP (VP8X), or the frame size of a simple lossy (VP8) or lossless (VP8L) one. */
function webpSize(bytes: Buffer): { width?: number; height?: number } {
  const chunk = bytes.length >= 16 ? bytes.toString('latin1', 12, 16) : '';
  if (chunk === 'VP8X' && bytes.length >= 30) return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8 ' && bytes.length >= 30) return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return {};
}
