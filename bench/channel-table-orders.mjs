// node bench/channel-table-orders.mjs [--articles 100000]
// The channel table's views and likes orders (a first page of 50), written without the unary plus (the
// bare feed expressions) and as now (with a unary plus), timed on a copy of the generated SQLite
// file with and without ANALYZE's statistics, for a small channel and the largest one. Production
// databases have no statistics (the server never analyses); an older generated file has them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Sqlite from 'better-sqlite3';

const { values } = parseArgs({ options: { articles: { type: 'string', default: '100000' } } });
const source = path.resolve(`bench/data/${values.articles}/broadsheet.db`);
if (!fs.existsSync(source)) throw new Error(`no generated data at ${source}: run npx tsx bench/generate.ts --articles ${values.articles}`);
const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-orders-')), 'broadsheet.db');
const firstCategory = '(select article_categories.category_id from article_categories where article_categories.article_id = articles.id order by article_categories.position limit 1)';
const orders = { views: '(articles.view_count + articles.view_boost)', likes: '(articles.like_count + articles.like_boost)' };

for (const analysed of [true, false]) {
  fs.copyFileSync(source, copy);
  const writer = new Sqlite(copy);
  if (analysed) writer.exec('analyze');
  else for (const table of writer.prepare(`select name from sqlite_schema where name like 'sqlite_stat%'`).pluck().all()) writer.exec(`drop table ${table}`);
  writer.close();
  // A new connection: statistics are read when a connection loads the schema.
  const db = new Sqlite(copy, { readonly: true });
  const sizes = db.prepare('select channel_id, count(*) as n from articles where published = 1 group by channel_id order by n').all();
  const channels = [sizes.find((s) => s.n >= 5), sizes[sizes.length - 1]];
  for (const channel of channels) {
    for (const [name, expression] of Object.entries(orders)) {
      for (const [version, order] of [['before', expression], ['now', `+${expression}`]]) {
        const text = `select articles.id, articles.slug, articles.title, articles.published, articles.created_at, ${firstCategory} as category_id, ${orders.views} as views, articles.comment_count, ${orders.likes} as likes, ${order} as sort_value from articles where articles.channel_id = ? and articles.published = ? order by ${order} desc, articles.id desc limit 51`;
        const statement = db.prepare(text);
        const plan = db.prepare(`explain query plan ${text}`).all(channel.channel_id, 1).map((row) => row.detail).find((detail) => /\barticles\b/.test(detail) && !/article_categories/.test(detail));
        statement.all(channel.channel_id, 1);
        const runs = 10;
        const started = process.hrtime.bigint();
        for (let i = 0; i < runs; i++) statement.all(channel.channel_id, 1);
        const ms = Number(process.hrtime.bigint() - started) / 1e6 / runs;
        console.log(`${analysed ? 'analysed    ' : 'no analysis '} channel of ${String(channel.n).padStart(6)} ${name.padEnd(5)} ${version.padEnd(6)} ${ms.toFixed(3).padStart(9)} ms  ${plan}`);
      }
    }
  }
  db.close();
}
fs.rmSync(path.dirname(copy), { recursive: true, force: true });
