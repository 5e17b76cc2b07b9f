/**
 * Whether a failure means the database is overloaded rather than that our code is wrong: every
 * pooled PostgreSQL connection stayed busy past the pool's wait (pg-pool's "timeout exceeded when
 * trying to connect"), a statement ran past `statement_timeout` (57014), or SQLite stayed locked
 * past its busy timeout. The request itself was fine and the same request later will likely
 * succeed, so it is answered 503 with Retry-After, not 500.
 */
export function isDatabaseOverloaded(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === '57014' || code === 'SQLITE_BUSY') return true;
  return error.message === 'timeout exceeded when trying to connect';
}
