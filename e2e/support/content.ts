import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PASSWORD } from './auth.js';
import { uniqueUsername } from './fixtures.js';

/** An account registered through the API, with the session cookie to act as it (and to give a browser). */
export async function registerThroughApi(baseUrl: string, prefix = 'reader'): Promise<{ username: string; cookie: string }> {
  const username = uniqueUsername(prefix);
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(response.status).toBe(201);
  return { username, cookie: response.headers.getSetCookie().map((line) => line.split(';')[0]!).join('; ') };
}

/** A JSON POST as that account, expecting 201 (what creating a channel, an article or a comment answers). */
export async function createThroughApi<T>(baseUrl: string, cookie: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
  return (await response.json()) as T;
}

/** Those cookies for a browser context (`context.addCookies`), so a browser acts as that account. */
export function browserCookies(baseUrl: string, cookie: string) {
  return cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
  });
}

/**
 * A plain-colour PNG of `width`×`height` drawn in the signed-in page and uploaded through the API as
 * the page's own uploader does; the stored image's address.
 */
export async function uploadDrawnImage(page: Page, options: { colour: string; name: string; width?: number; height?: number }): Promise<string> {
  const upload = await page.evaluate(async ({ colour, name, width, height }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    context.fillStyle = colour;
    context.fillRect(0, 0, width, height);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const form = new FormData();
    form.append('file', blob, name);
    const response = await fetch('/api/uploads', { method: 'POST', body: form, credentials: 'include' });
    return { status: response.status, body: (await response.json()) as { url: string } };
  }, { width: 1200, height: 800, ...options });
  expect(upload.status).toBe(201);
  return upload.body.url;
}
