import type SqliteDatabase from 'better-sqlite3';

/** Distinct SQL texts kept prepared; IN lists of varying length make a long tail, so the cache is bounded. */
const STATEMENT_CACHE_SIZE = 500;

/** SQL that can change a table's columns: the prepared statements' column lists may be stale after it. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/** What Kysely's SQLite driver uses of a statement. */
type DriverStatement = Pick<SqliteDatabase.Statement, 'reader' | 'all' | 'run' | 'iterate'>;

/**
 * A row as an object, built by a function compiled for the statement's columns. better-sqlite3
 * builds each row object in C++, property by property: for 20 rows of 18 columns like the feed's
 * that took 230–300 µs, against 160–200 µs for the rows as arrays plus this function (step 15 of
 * docs/performance.md). Every row of one statement gets the same object shape.
 * Names are written as JSON strings, so any column alias is a valid key; a repeated name keeps its
 * last value, as better-sqlite3 does. `null` when a name cannot be an own property in a literal.
 */
export function compileRowMapper(columns: string[]): ((row: unknown[]) => Record<string, unknown>) | null {
  if (columns.includes('__proto__')) return null;
  const fields = columns.map((name, index) => `${JSON.stringify(name)}: row[${index}]`).join(', ');
  // Compiled once per SQL text, from column names only (no value ever reaches the source).
  return new Function('row', `return { ${fields} };`) as (row: unknown[]) => Record<string, unknown>;
}

/** A reading statement that returns its rows as arrays and maps them with a compiled function. */
function mappedReader(statement: SqliteDatabase.Statement): DriverStatement {
  const toObject = compileRowMapper(statement.columns().map((column) => column.name));
  if (!toObject) return statement;
  const raw = statement.raw(true);
  return {
    reader: true,
    all: (...parameters: unknown[]) => {
      const rows = raw.all(...parameters) as unknown[][];
      const objects = new Array<Record<string, unknown>>(rows.length);
      for (let i = 0; i < rows.length; i++) objects[i] = toObject(rows[i]!);
      return objects;
    },
    run: (...parameters: unknown[]) => raw.run(...parameters),
    *iterate(...parameters: unknown[]) {
      for (const row of raw.iterate(...parameters)) yield toObject(row as unknown[]);
    },
  } as DriverStatement;
}

/**
 * Kysely's SQLite driver prepares every statement anew; parsing and planning the same SQL on every
 * request is a large share of a short query's time. This keeps the prepared statements by SQL text
 * (least recently used out first), reading ones with their row mapper. better-sqlite3 runs each
 * one synchronously to completion, so a statement is never in use twice at once (Kysely's stream(),
 * which iterates, is not used here). A statement that may change a table's columns (a migration, a
 * test's table), or any script run through `exec`, empties the cache first, so no mapper outlives
 * the columns it was compiled for.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  const statements = new Map<string, DriverStatement>();
  const prepare = (source: string): DriverStatement => {
    let statement = statements.get(source);
    if (statement) {
      statements.delete(source);
    } else {
      if (SCHEMA_CHANGE.test(source)) statements.clear();
      const prepared = sqlite.prepare(source);
      statement = prepared.reader ? mappedReader(prepared) : prepared;
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
