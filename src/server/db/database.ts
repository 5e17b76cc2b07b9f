import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent } from 'kysely';
import type { DB } from './schema.js';
import { startBackgroundCheckpoints } from './background-checkpoints.js';
import { withStatementCache } from './statement-cache.js';
import { registerSqliteFunctions } from './word-pairs.js';

export type Database = Kysely<DB>;
export type Dialect = 'sqlite' | 'postgres';

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface DatabaseHandle {
  db: Database;
  dialect: Dialect;
  close(): Promise<void>;
}

// PostgreSQL answers bigint (count(*), our epoch-ms columns) and numeric as strings; every such value
// we store fits a JavaScript number, so parse them once here.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** Opens SQLite (a file, or ':memory:') or PostgreSQL with the settings the app relies on. */
export interface DatabaseOptions {
  poolSize?: number;
  /** Called with every SQL statement run (tests count statements per request with it; bench/plans.ts explains them). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
  /**
   * A SQLite file's WAL is checkpointed by a worker thread, so its fsyncs never hold the event loop
   * (background-checkpoints.ts). The serving process asks for it; told of any problem it meets.
   */
  backgroundCheckpoints?: { onProblem: (message: string) => void };
}

export function createDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): DatabaseHandle {
  const log = options.onQuery ? (event: LogEvent) => options.onQuery!(event.query.sql, event.query.parameters) : undefined;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: options.poolSize ?? 10,
      types: pgTypes,
      // A request must never hang on a stuck connection.
      connectionTimeoutMillis: 10_000,
      statement_timeout: 30_000,
    });
    pool.on('error', () => {
      // Idle clients losing their connection are dropped by the pool; health checks report it.
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }

  if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SqliteDatabase(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -32000');
  // The temporary b-trees of a request's statements (an ORDER BY over a union, an IN list, a
  // materialized CTE) in memory: as files, opening and dropping each cost far more than the rows
  // in them. Every such statement is bounded by its page size; migrations, whose CREATE INDEX
  // sorts a whole table, switch back to files (migrate.ts).
  sqlite.pragma('temp_store = memory');
  registerSqliteFunctions(sqlite);
  const checkpoints = options.backgroundCheckpoints && target.file !== ':memory:' ? startBackgroundCheckpoints(sqlite, target.file, options.backgroundCheckpoints) : undefined;
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log });
  return {
    db,
    dialect: 'sqlite',
    // The worker's connection closes first, so the serving one is the last: SQLite then checkpoints
    // everything and removes the WAL file.
    close: async () => {
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
