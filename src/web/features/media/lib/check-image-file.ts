import { LIMITS } from '@contract/limits';
import { MEDIA_MESSAGES } from '@contract/media-rules';

/** Whether the browser can decode a file as an image: createImageBitmap, else an <img> decode. */
export async function browserCanDecode(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      bitmap.close();
      return true;
    } catch {
      // Some browsers refuse formats in createImageBitmap that an <img> still shows (an animated GIF, say).
    }
  }
  if (typeof Image === 'undefined' || typeof URL.createObjectURL !== 'function') return false;
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth > 0;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export type ImageFileCheck = { ok: true } | { ok: false; message: string };

/**
 * The check a picked image gets before anything is saved: a file the browser cannot decode is
 * refused at once, naming it; over the upload limit it is named with the limit too (it can be neither
 * compressed here nor stored). A decodable file over 5 MB passes: it is compressed before upload.
 */
export async function checkImageFile(file: File, decode: (file: Blob) => Promise<boolean> = browserCanDecode): Promise<ImageFileCheck> {
  if (await decode(file)) return { ok: true };
  return {
    ok: false,
    message: file.size > LIMITS.uploadMaxBytes ? MEDIA_MESSAGES.tooLargeToCompress(file.name) : MEDIA_MESSAGES.notReadableImage(file.name),
  };
}
