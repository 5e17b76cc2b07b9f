let firstView = true;

/**
 * What the view call reports as the reader's origin (docs/product.md#views): for the page the browser
 * loaded, the host of document.referrer (none when the reader came direct); for pages reached
 * afterwards by the site's own links, this site's host. Only hosts ever leave the browser.
 */
export function viewReferrer(): string | null {
  if (typeof window === 'undefined') return null;
  if (!firstView) return window.location.host;
  firstView = false;
  try {
    return document.referrer ? new URL(document.referrer).host || null : null;
  } catch {
    return null;
  }
}
