/** The product name ('{product}' in the spec; DESIGN.md). */
export const SITE_NAME = 'Broadsheet';

/** The client's version (spec 1 section 1: the client identifies itself as {product}, version 1.0.0). */
export const CLIENT_VERSION = '1.0.0';

/** Document title of a page: 'Sign in · Broadsheet', or just 'Broadsheet' for the home page. */
export function pageTitle(page?: string): string {
  return page ? `${page} · ${SITE_NAME}` : SITE_NAME;
}
