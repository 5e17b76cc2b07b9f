/** The product name ('{product}' in the spec; DESIGN.md). */
export const SITE_NAME = 'Broadsheet';

/** Document title of a page: 'Sign in · Broadsheet', or just 'Broadsheet' for the home page. */
export function pageTitle(page?: string): string {
  return page ? `${page} · ${SITE_NAME}` : SITE_NAME;
}
