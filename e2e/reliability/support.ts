import Database from 'better-sqlite3';
import path from 'node:path';
import pg from 'pg';

/** A fetch client that behaves like the site's own pages: same-origin Origin header and the session cookie. */
export class SiteClient {
  cookie: string | undefined;
  constructor(
    public base: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  /** The same signed-in reader, talking to another instance of the site. */
  on(base: string): SiteClient {
    const other = new SiteClient(base, this.extraHeaders);
    other.cookie = this.cookie;
    return other;
  }

  async request(method: string, url: string, body?: unknown): Promise<{ status: number; body: any; setCookie: string[] }> {
    const headers: Record<string, string> = { origin: this.base, ...this.extraHeaders };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const setCookie = response.headers.getSetCookie();
    for (const line of setCookie) {
      const [pair] = line.split(';');
      if (!pair?.startsWith('broadsheet_session=')) continue;
      const value = pair.slice('broadsheet_session='.length);
      this.cookie = value && !/expires=Thu, 01 Jan 1970/i.test(line) ? pair : undefined;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (HTML, plain text)
    }
    return { status: response.status, body: parsed, setCookie };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body ?? {});
  put = (url: string, body?: unknown) => this.request('PUT', url, body ?? {});
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body ?? {});
  delete = (url: string) => this.request('DELETE', url);
}

let counter = 0;
export function uniqueName(prefix: string): string {
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${(++counter).toString(36)}`.slice(0, 30);
}

export async function register(base: string, prefix = 'u'): Promise<{ client: SiteClient; id: number; username: string }> {
  const client = new SiteClient(base);
  const username = uniqueName(prefix);
  const response = await client.post('/api/register', { username, password: 'correct-horse' });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { client, id: response.body.id, username };
}

/** Read-only SQL against the server's database, whichever kind it is (the same SQL runs on both). */
export interface DbReader {
  all: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
}

export async function openReader(target: { dataDir: string; databaseUrl?: string }): Promise<DbReader> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    return {
      all: async (sql, params = []) => {
        let i = 0;
        const text = sql.replace(/\?/g, () => `$${++i}`);
        return (await client.query(text, params)).rows;
      },
      close: () => client.end(),
    };
  }
  const db = new Database(path.join(target.dataDir, 'broadsheet.db'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return {
    all: async (sql, params = []) => db.prepare(sql).all(...params) as Record<string, unknown>[],
    close: async () => {
      db.close();
    },
  };
}

export interface CounterMismatch {
  table: string;
  id: number;
  column: string;
  stored: number;
  recount: number;
}

/** Every stored counter against a recount of the rows that justify it. */
export async function counterMismatches(db: DbReader): Promise<{ mismatches: CounterMismatch[]; articles: number; channels: number }> {
  const articles = await db.all(`
    select a.id, a.like_count, a.dislike_count, a.comment_count, a.view_count,
      (select count(*) from reactions r where r.article_id = a.id and r.is_like = 1) as likes,
      (select count(*) from reactions r where r.article_id = a.id and r.is_like = 0) as dislikes,
      (select count(*) from comments c where c.article_id = a.id and c.deleted = 0) as comments,
      (select count(*) from article_views v where v.article_id = a.id) as views
    from articles a`);
  const channels = await db.all(`
    select ch.id, ch.subscriber_count, ch.article_count,
      (select count(*) from subscriptions s where s.channel_id = ch.id) as subscribers,
      (select count(*) from articles a where a.channel_id = ch.id and a.published = 1) as published
    from channels ch`);
  const mismatches: CounterMismatch[] = [];
  const check = (table: string, row: Record<string, unknown>, column: string, recountColumn: string) => {
    const stored = Number(row[column]);
    const recount = Number(row[recountColumn]);
    if (stored !== recount) mismatches.push({ table, id: Number(row.id), column, stored, recount });
  };
  for (const row of articles) {
    check('articles', row, 'like_count', 'likes');
    check('articles', row, 'dislike_count', 'dislikes');
    check('articles', row, 'comment_count', 'comments');
    check('articles', row, 'view_count', 'views');
  }
  for (const row of channels) {
    check('channels', row, 'subscriber_count', 'subscribers');
    check('channels', row, 'article_count', 'published');
  }
  return { mismatches, articles: articles.length, channels: channels.length };
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
