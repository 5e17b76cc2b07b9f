/**
 * Gives the bench's article (the newest published) a long discussion: 400 threads and 600
 * replies, by 200 of the generated users, and counts them. For measuring a popular article's page
 * (docs/performance.md, steps 12 and 13):
 *   node bench/long-discussion.mjs bench/data/10000/broadsheet.db
 *   node bench/long-discussion.mjs bench/data/10000/broadsheet.db --thread-replies 2000
 * `--thread-replies N` adds N more replies to the first thread (one thread of thousands of replies).
 * SQLite only; `npm run bench` then works on a copy of the file.
 */
import Database from 'better-sqlite3';
import { parseArgs } from 'node:util';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'thread-replies': { type: 'string', default: '0' } } });
const file = positionals[0];
const threadReplies = Number(values['thread-replies']);
if (!file || !Number.isInteger(threadReplies) || threadReplies < 0) throw new Error('usage: node bench/long-discussion.mjs <path to broadsheet.db> [--thread-replies N]');
const db = new Database(file);
const { id } = db.prepare('select id from articles where published = 1 order by created_at desc, id desc limit 1').get();
const users = db.prepare('select id from users order by id limit 200').all().map((r) => r.id);
const insert = db.prepare('insert into comments (article_id, user_id, parent_id, content, created_at) values (?, ?, ?, ?, ?)');
let at = Date.now() - 86_400_000;
db.transaction(() => {
  const tops = [];
  for (let i = 0; i < 400; i++) tops.push(Number(insert.run(id, users[i % users.length], null, `Thread ${i}: the harbour wall, the benches and the lights, and what the council said about them.`, at++).lastInsertRowid));
  for (let i = 0; i < 600; i++) insert.run(id, users[(i * 7) % users.length], tops[(i * 13) % tops.length], `Reply ${i}: agreed, though the lights came late.`, at++);
  for (let i = 0; i < threadReplies; i++) insert.run(id, users[(i * 11) % users.length], tops[0], `More on the wall ${i}: the lights, the benches, the council.`, at++);
  db.prepare('update articles set comment_count = comment_count + ? where id = ?').run(1000 + threadReplies, id);
})();
console.log(`article ${id}: ${db.prepare('select count(*) n from comments where article_id = ?').get(id).n} comments`);
