import type { Upload } from '@contract/media';
import { ApiError, messageFromErrorBody } from '@/lib/api-client';

/**
 * POST /api/uploads with the file in the multipart field 'file'. XMLHttpRequest rather than fetch,
 * because only it reports upload progress; `onProgress` receives 0..1.
 */
export function uploadImage(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        onProgress?.(1);
        resolve(body as Upload);
      } else {
        reject(new ApiError(xhr.status, messageFromErrorBody(body) ?? `Request failed with status ${xhr.status}: ${xhr.statusText}`));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
