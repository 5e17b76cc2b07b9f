import type { Page } from 'playwright-core';

/**
 * Calls the API from inside the page, so the request carries the page's session cookie and
 * Origin exactly as the app's own requests do.
 */
export async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, url, body },
  ) as Promise<{ status: number; body: T }>;
}

/** For expect.poll: whether the first match is visible now. */
export const visible = (locator: ReturnType<Page['getByText']>) => () => locator.first().isVisible();
