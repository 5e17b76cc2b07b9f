import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * Writes straight into a running server's database (the same SQL on SQLite and PostgreSQL): the
 * email crash test and the email bench need thousands of subscribers with confirmed addresses,
 * which would take minutes through registration (argon2) and confirmation links.
 */
export interface DbWriter {
  run: (sql: string, params?: unknown[]) => Promise<void>;
  all: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
}

export async function openWriter(target: { dataDir: string; databaseUrl?: string }): Promise<DbWriter> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    const numbered = (sql: string) => {
      let i = 0;
      return sql.replace(/\?/g, () => `$${++i}`);
    };
    return {
      run: async (sql, params = []) => void (await client.query(numbered(sql), params)),
      all: async (sql, params = []) => (await client.query(numbered(sql), params)).rows,
      close: () => client.end(),
    };
  }
  const db = new Database(path.join(target.dataDir, 'broadsheet.db'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return {
    run: async (sql, params = []) => void db.prepare(sql).run(...params),
    all: async (sql, params = []) => db.prepare(sql).all(...params) as Record<string, unknown>[],
    close: async () => void db.close(),
  };
}

/**
 * Adds `count` readers with confirmed addresses `{prefix}{i}@mail.test` (no password: they never
 * sign in) subscribed to `channelId` with the default choice (each article). Answers their addresses.
 */
export async function addConfirmedSubscribers(db: DbWriter, channelId: number, count: number, prefix: string): Promise<string[]> {
  const now = Date.now();
  await db.run(
    `with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ?)
     insert into users (username, username_key, password_hash, description, is_admin, created_at, updated_at, email, email_key)
     select ? || cast(i as text), ? || cast(i as text), null, null, 0, ?, ?, ? || cast(i as text) || '@mail.test', ? || cast(i as text) || '@mail.test'
     from seq`,
    [count, prefix, prefix, now, now, prefix, prefix],
  );
  await db.run(
    `insert into subscriptions (user_id, channel_id, created_at)
     select id, ?, ? from users where username_key like ?`,
    [channelId, now, `${prefix}%`],
  );
  await db.run('update channels set subscriber_count = (select count(*) from subscriptions where channel_id = ?) where id = ?', [channelId, channelId]);
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}@mail.test`);
}
