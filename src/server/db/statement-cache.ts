import type SqliteDatabase from 'better-sqlite3';

/** Distinct SQL texts kept prepared; IN lists of varying length make a long tail, so the cache is bounded. */
const STATEMENT_CACHE_SIZE = 500;

/** SQL that can change a table's columns: a prepared statement's column list may be stale after it. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * Kysely's SQLite driver prepares every statement anew; parsing and planning the same SQL on every
 * request is a large share of a short query's time. This keeps better-sqlite3's prepared
 * statements by SQL text (least recently used out first), which is what the driver's `prepare`
 * would build again. better-sqlite3 runs each one synchronously to completion, so a statement is
 * never in use twice at once (Kysely's stream(), which iterates, is not used here). A statement
 * that may change a table's columns (a migration, a test's table), or any script run through
 * `exec`, empties the cache first, so no statement outlives the columns it was prepared for.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const prepare = (source: string): SqliteDatabase.Statement => {
    let statement = statements.get(source);
    if (statement) {
      statements.delete(source);
    } else {
      if (SCHEMA_CHANGE.test(source)) statements.clear();
      statement = sqlite.prepare(source);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    }
    statements.set(source, statement);
    return statement;
  };
  const exec = (source: string) => {
    statements.clear();
    return sqlite.exec(source);
  };
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property === 'prepare') return prepare;
      if (property === 'exec') return exec;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
