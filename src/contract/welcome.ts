/**
 * The welcome panel a new account finds on its feed (docs/product.md#welcome): registering sets this
 * cookie to the new user's id in that browser; dismissing the panel deletes it. Not a secret and
 * not a session: it only decides whether the panel shows, for that user, in that browser.
 */
export const WELCOME_COOKIE = 'broadsheet-welcome';

/** How long an undismissed welcome waits (90 days). */
export const WELCOME_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;
