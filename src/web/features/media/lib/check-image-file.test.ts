import { describe, expect, it } from 'vitest';
import { LIMITS } from '@contract/limits';
import { MEDIA_MESSAGES } from '@contract/media-rules';
import { checkImageFile } from './check-image-file';

const MB = 1024 * 1024;
const file = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const decodes = async () => true;
const fails = async () => false;

describe('checking a picked image before anything is saved', () => {
  it('passes an image the browser can decode, small or large (a large one is compressed later)', async () => {
    expect(await checkImageFile(file('photo.png', 10), decodes)).toEqual({ ok: true });
    expect(await checkImageFile(file('big.png', 25 * MB), decodes)).toEqual({ ok: true });
  });

  it('refuses a file that claims an image type but cannot be decoded, naming it', async () => {
    const check = await checkImageFile(file('notimage.png', 40), fails);
    expect(check).toEqual({ ok: false, message: MEDIA_MESSAGES.notReadableImage('notimage.png') });
    expect(MEDIA_MESSAGES.notReadableImage('notimage.png')).toBe('notimage.png is not an image that can be read');
  });

  it('refuses an undecodable file over the upload limit, naming it and the limit', async () => {
    const check = await checkImageFile(file('scan.png', LIMITS.uploadMaxBytes + 1), fails);
    expect(check).toEqual({ ok: false, message: MEDIA_MESSAGES.tooLargeToCompress('scan.png') });
    expect(MEDIA_MESSAGES.tooLargeToCompress('scan.png')).toContain('scan.png is larger than 20 MB');
  });
});
