/**
 * Recognises the four accepted image types by their first bytes, and reads the dimensions their
 * headers declare, without any decoder.
 *
 * Why not leave it all to sharp: libvips reads dozens of formats (SVG through librsvg, PDF, TIFF,
 * HEIF, FITS, ...), each a parser with its own history of bugs, and it picks one by the content.
 * Checking the signature first means a hostile file (an SVG, a zip bomb, a PDF) never reaches any
 * parser but the four we accept. Reading the declared size here as well refuses pixel bombs before
 * libvips allocates anything, even when its own header reader gives up on an absurd size.
 */

export type SniffedFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface SniffedImage {
  format: SniffedFormat;
  /** What the header declares, when the header is long enough to say. */
  width?: number;
  height?: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffImage(bytes: Buffer): SniffedImage | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    // The first chunk must be IHDR: width and height as 32-bit big-endian numbers.
    if (bytes.length >= 24 && bytes.toString('latin1', 12, 16) === 'IHDR') {
      return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    }
    return { format: 'png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { format: 'jpeg', ...jpegSize(bytes) };
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) {
    // The logical screen; a first frame larger than it is caught by sharp's own header reading.
    return bytes.length >= 10 ? { format: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) } : { format: 'gif' };
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return { format: 'webp', ...webpSize(bytes) };
  }
  return undefined;
}

/** The size in the first frame header (SOF0 to SOF15, not DHT, JPG or DAC), walking the segments. */
function jpegSize(bytes: Buffer): { width?: number; height?: number } {
  let i = 2;
  while (i + 4 <= bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd9) || marker === 0x01) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xda) break; // start of scan: no frame header came first
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame && i + 9 <= bytes.length) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return {};
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
