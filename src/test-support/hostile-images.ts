import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * Hostile files for the upload suites, all made here from bytes: polyglots,
 * scripts in SVG, truncated images, pixel and zip bombs. Nothing is downloaded.
 */

/** The string every payload carries, so a test can prove it never reaches a stored file. */
export const PAYLOAD = 'BROADSHEET_PAYLOAD_7f3a';
export const SCRIPT = `<html><body><script>alert("${PAYLOAD}")</script></body></html>`;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Inserts a chunk right after IHDR (signature 8 bytes + IHDR chunk 25 bytes), where decoders read it first. */
export function withPngChunk(png: Buffer, chunk: Buffer): Buffer {
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

/**
 * A PNG whose valid IHDR declares width x height 8-bit RGB pixels, followed by `idatBytes` of
 * zero rows deflated to almost nothing: a decompression bomb of a few kilobytes.
 */
export function pngDeclaring(width: number, height: number, idatBytes = 4 * 1024 * 1024): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(idatBytes), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** PNG colour types and their samples per pixel (IHDR). */
const PNG_CHANNELS = { gray: [0, 1], rgb: [2, 3], grayAlpha: [4, 2], rgba: [6, 4] } as const;

/** The seven passes of Adam7 interlacing: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * A complete, valid, interlaced (Adam7) PNG of width x height zero pixels: tiny on the wire, yet a
 * decoder must hold the whole frame (width x height x channels x bytes per sample) before it can
 * hand out a single row. The probe's file was one: 7000 x 7000 in 16-bit RGBA, 392 MB decoded.
 * The zero rows are deflated as a stream, so making one never holds its decoded size either.
 */
export async function interlacedPng(width: number, height: number, options: { bitDepth?: 8 | 16; colour?: keyof typeof PNG_CHANNELS } = {}): Promise<Buffer> {
  const bitDepth = options.bitDepth ?? 16;
  const [colourType, channels] = PNG_CHANNELS[options.colour ?? 'rgba'];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([bitDepth, colourType, 0, 0, 1], 8);
  const deflate = zlib.createDeflate({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => packed.push(chunk));
  const finished = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const chunk = Buffer.alloc(1024 * 1024);
  for (const [x0, y0, dx, dy] of ADAM7) {
    const columns = Math.ceil(Math.max(0, width - x0) / dx);
    const rows = Math.ceil(Math.max(0, height - y0) / dy);
    if (columns === 0 || rows === 0) continue;
    // Each row: a filter byte (0, none) and the row's samples, all zero.
    let left = rows * (1 + Math.ceil((columns * channels * bitDepth) / 8));
    while (left > 0) {
      const part = chunk.subarray(0, Math.min(left, chunk.length));
      left -= part.length;
      if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await finished;
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', Buffer.concat(packed)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A complete, valid PNG of width x height black pixels whose whole pixel data deflates to a tiny IDAT. */
export function zeroPng(width: number, height: number): Buffer {
  return pngDeclaring(width, height, (width * 3 + 1) * height);
}

/** A real zip archive (deflated entries, central directory, end record), as `zip` would write it. */
export function zipArchive(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = zlib.deflateRawSync(entry.data, { level: 9 });
    const crc = zlib.crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A JPEG with its frame header (SOF0/SOF2) rewritten to declare width x height. */
export function jpegDeclaring(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9; ) {
    if (out[i] !== 0xff) throw new Error('not a JPEG marker');
    const marker = out[i + 1]!;
    const length = out.readUInt16BE(i + 2);
    if (marker === 0xc0 || marker === 0xc2) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
    i += 2 + length;
  }
  throw new Error('no frame header');
}

/** A JPEG with a comment segment (COM) right after SOI. */
export function jpegWithComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1');
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xfffe, 0);
  head.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, text, jpeg.subarray(2)]);
}

/** A GIF whose logical screen (unless `screen` is false) and first frame claim width x height (the frame data stays tiny). */
export function gifDeclaring(gif: Buffer, width: number, height: number, { screen = true } = {}): Buffer {
  const out = Buffer.from(gif);
  if (screen) {
    out.writeUInt16LE(width, 6);
    out.writeUInt16LE(height, 8);
  }
  // The first image descriptor (0x2C) after the header, the global colour table and any extensions.
  const packed = out[10]!;
  let i = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  while (out[i] === 0x21) {
    i += 2;
    while (out[i]! !== 0) i += out[i]! + 1;
    i += 1;
  }
  if (out[i] !== 0x2c) throw new Error('no image descriptor');
  out.writeUInt16LE(width, i + 5);
  out.writeUInt16LE(height, i + 7);
  return out;
}

/** A GIF with a comment extension (0x21 0xFE) right after the global colour table. */
export function gifWithComment(gif: Buffer, comment: string): Buffer {
  const packed = gif[10]!;
  const at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const text = Buffer.from(comment, 'latin1');
  const blocks: Buffer[] = [Buffer.from([0x21, 0xfe])];
  for (let i = 0; i < text.length; i += 255) {
    const part = text.subarray(i, i + 255);
    blocks.push(Buffer.from([part.length]), part);
  }
  blocks.push(Buffer.from([0]));
  return Buffer.concat([gif.subarray(0, at), ...blocks, gif.subarray(at)]);
}

/** An extended WebP (VP8X) whose canvas claims width x height; the picture inside stays small. */
export function webpDeclaring(webp: Buffer, width: number, height: number): Buffer {
  if (webp.toString('latin1', 12, 16) !== 'VP8X') throw new Error('expected an extended WebP');
  const out = Buffer.from(webp);
  out.writeUIntLE(width - 1, 24, 3);
  out.writeUIntLE(height - 1, 27, 3);
  return out;
}

/** A 3000 x 2000 photo-like JPEG (noise does not compress, so it weighs a few MB, as phone photos do). */
export async function noisyPhoto(seed: number, width = 3000, height = 2000): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: (seed * 53) % 256, g: 120, b: 90 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  return base.jpeg({ quality: 90 }).toBuffer();
}
