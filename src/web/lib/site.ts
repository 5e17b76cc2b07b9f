/** The product's name, in the header, the share metadata and the client's requests. */
export const SITE_NAME = 'Broadsheet';

/** The client's version (docs/product.md#api: the client names itself Broadsheet, version 1.0.0). */
export const CLIENT_VERSION = '1.0.0';

/** Document title of a page: 'Sign in · Broadsheet', or just 'Broadsheet' for the home page. */
export function pageTitle(page?: string): string {
  return page ? `${page} · ${SITE_NAME}` : SITE_NAME;
}
