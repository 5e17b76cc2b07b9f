/**
 * The largest request body each kind of route reads, in bytes; a larger one is answered 413 before
 * it is parsed. Routes that need a session refuse a signed-out request before reading any of it
 * (session.ts, signedInOnly), so only the routes that take anonymous bodies are open to anyone,
 * and they take a few kilobytes.
 */
export const BODY_LIMITS = {
  /** Any route that does not say otherwise: a channel, a password, a reaction, an admin total. */
  default: 16 * 1024,
  /** Signing in and up, password resets, email links: a name, a password, a token. */
  anonymous: 4 * 1024,
  /** A view: at most a referrer's host name. */
  view: 1024,
  /** A comment: 5,000 characters, even each written as a JSON escape. */
  comment: 64 * 1024,
  /** An article: up to 200 KB of HTML, escaped as JSON. */
  article: 1024 * 1024,
  /** The mail provider's events (up to 500 a call), read only once its bearer token is verified. */
  webhook: 512 * 1024,
} as const;

/** How deep a JSON body may nest arrays and objects; deeper ones are refused with 400 before parsing. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
