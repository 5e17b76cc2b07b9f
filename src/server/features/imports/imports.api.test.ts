import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, testDatabases, TestClient, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import { FIXTURES, folderParts, scratch, writeZip, type ZipPart } from './fixtures/build-zip.js';

const tmp = scratch('imports-api-');
afterAll(() => tmp.remove());

/** The old site's image host, on this machine (ALLOW_PRIVATE_ADDRESSES lets the import reach it). */
let imageHost: http.Server;
let origin = '';
/** A real photograph-sized JPEG (the fixtures' image files are placeholders no decoder reads). */
let harbourJpg: Buffer;
beforeAll(async () => {
  harbourJpg = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3a6ea5' } }).jpeg().toBuffer();
  imageHost = http.createServer((request, response) => {
    if (request.url?.endsWith('.jpg') || request.url?.endsWith('.jpeg')) response.writeHead(200, { 'content-type': 'image/jpeg' }).end(harbourJpg);
    else response.writeHead(404).end('gone');
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => imageHost.close(() => resolve())));

/**
 * The WordPress fixture with its images on the local host, and tags that name categories of our
 * tree: the budget post lists four (Economy, Space, Courts, Biology), one more than an article takes.
 */
function wxrFixture(name = 'export.xml', change: (xml: string) => string = (xml) => xml): string {
  let xml = fs.readFileSync(path.join(FIXTURES, 'wordpress/export.xml'), 'utf8').replaceAll('https://harbourtimes.example', origin);
  xml = xml
    .replace('<![CDATA[Budget]]></category>', '<![CDATA[ECONOMY]]></category>')
    .replace('<category domain="category" nicename="news"><![CDATA[News]]></category>', '<category domain="category" nicename="news"><![CDATA[space]]></category>')
    .replace(
      '<![CDATA[Council]]></category>',
      '<![CDATA[Courts]]></category>\n\t\t<category domain="post_tag" nicename="biology"><![CDATA[Biology]]></category>',
    );
  const file = tmp.file(name);
  fs.writeFileSync(file, change(xml));
  return file;
}

/** The parts with a remote image host of the fixtures replaced by the local one, so no test reaches the internet. */
function onLocalHost(parts: ZipPart[], host: string): ZipPart[] {
  return parts.map((part) => {
    if (typeof part.data !== 'string' || !/\.(html|json)$/.test(part.name)) return part;
    return { ...part, data: Buffer.from(fs.readFileSync(part.data, 'utf8').replaceAll(host, origin)) };
  });
}

function multipart(fileName: string, body: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----broadsheet-import-${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([key, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([...parts, head, body, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function post(client: TestClient, channelId: number, file: string, fields: Record<string, string> = {}, query = '') {
  const { payload, headers } = multipart(path.basename(file), fs.readFileSync(file), fields);
  return client.request({ method: 'POST', url: `/api/channels/${channelId}/imports${query}`, payload, headers });
}

async function finished(client: TestClient, id: number) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const response = await client.get(`/api/imports/${id}`);
    expect(response.statusCode).toBe(200);
    const job = response.json();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

async function runImport(client: TestClient, channelId: number, file: string, fields: Record<string, string> = {}) {
  const response = await post(client, channelId, file, fields);
  expect(response.statusCode, response.body).toBe(202);
  return finished(client, response.json().id);
}

async function newChannel(client: TestClient, name: string): Promise<number> {
  const response = await client.post('/api/channels', { name, description: 'Imported news' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const articlesOf = (t: TestApp, channelId: number) =>
  t.ctx.db.selectFrom('articles').select(['id', 'title', 'subtitle', 'slug', 'status', 'user_id', 'created_at', 'content']).where('channel_id', '=', channelId).orderBy('id').execute();

describe.each(testDatabases())('imports on %s', (kind) => {
  const t = useTestApp(kind, { ALLOW_PRIVATE_ADDRESSES: 'true', IMPORT_MAX_MB: '1', IMPORT_RATE_LIMIT: '1000' });
  let owner: Awaited<ReturnType<typeof signedInClient>>;
  let channelId: number;
  let wordpressJob: any;

  beforeAll(async () => {
    owner = await signedInClient(t, 'importer');
    channelId = await newChannel(owner.client, `Harbour Times ${kind}`);
  });

  it('previews a WordPress export with a dry run, importing nothing', async () => {
    const response = await post(owner.client, channelId, wxrFixture(), {}, '?dryRun=true');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ format: 'wordpress', status: 'done', done: 0, counts: { articles: 1, drafts: 2, comments: 2 } });
    expect(report.problems).toContainEqual({ item: 'page "About" (wp:post_id 102)', reason: 'pages are not imported' });
    expect(await articlesOf(t, channelId)).toEqual([]);
  });

  it('imports a WordPress export: articles with their dates, slugs, categories, authors, images, comments and a report', async () => {
    wordpressJob = await runImport(owner.client, channelId, wxrFixture());
    expect(wordpressJob).toMatchObject({ channelId, format: 'wordpress', status: 'done', counts: { articles: 1, drafts: 2, comments: 2, images: 1 } });
    // Held and spam comments are skipped and counted, with the pages, attachments and menus.
    expect(wordpressJob.counts.skipped).toBeGreaterThanOrEqual(6);
    expect(wordpressJob.total).toBe(3);
    expect(wordpressJob.done).toBe(3);
    const problems = wordpressJob.problems.map((p: { item: string; reason: string }) => `${p.item}: ${p.reason}`);
    expect(problems).toContain('article "Budget vote passes after late-night session": more than 3 categories, left out: Biology');
    expect(problems.some((line: string) => line.startsWith(`image ${origin}/wp-content/uploads/2024/05/chart.png`) && line.includes('HTTP 404'))).toBe(true);
    // An image that could not be had is listed once, its address not repeated in the reason.
    const imageProblems = wordpressJob.problems.filter((p: { item: string }) => p.item.startsWith('image '));
    expect(new Set(imageProblems.map((p: { item: string }) => p.item)).size).toBe(imageProblems.length);
    expect(imageProblems.every((p: { reason: string }) => !p.reason.includes(`${origin}/wp-content`))).toBe(true);
    expect(problems.some((line: string) => line.includes('"Ferry timetable changes"') && line.includes('categories not in our category tree') && line.includes('Ferries'))).toBe(true);

    const articles = await articlesOf(t, channelId);
    expect(articles.map((a) => a.title).sort()).toEqual(['Budget vote passes after late-night session', 'Ferry timetable changes', 'Staff notes: the pier contract']);
    const budget = articles.find((a) => a.slug === 'budget-vote-passes')!;
    const answer = (await owner.client.get(`/api/articles/${budget.id}`)).json();
    expect(answer).toMatchObject({ published: true, createdAt: '2024-05-17T09:00:00.000Z', slug: 'budget-vote-passes' });
    expect(answer.categories.map((c: { name: string }) => c.name)).toEqual(['Business > Economy', 'Science > Space', 'Politics > Courts']);
    // The image that could be had is stored through the media pipeline; the missing one is gone, never a broken <img>.
    expect(answer.content).toMatch(/<img src="\/uploads\/[^"]+"/);
    expect(answer.content).not.toContain('chart.png');
    expect(answer.content).not.toContain(origin);
    // The author's address had no account: one was made, without a password, named within our rule.
    const author = await t.ctx.db.selectFrom('users').select(['username', 'password_hash', 'email']).where('id', '=', budget.user_id).executeTakeFirstOrThrow();
    expect(author).toEqual({ username: 'ada', password_hash: null, email: 'ada@harbourtimes.example' });
    // One revision, dated the publication date.
    const revisions = await t.ctx.db.selectFrom('article_revisions').select(['number', 'created_at']).where('article_id', '=', budget.id).execute();
    expect(revisions.map((r) => [r.number, Number(r.created_at)])).toEqual([[1, Date.parse('2024-05-17T09:00:00.000Z')]]);
    // Drafts stay drafts, with the reason in the report.
    expect(articles.filter((a) => a.status === 'draft')).toHaveLength(2);
  });

  it('shows imported comments under their old names, threaded, with no account', async () => {
    const [budget] = (await articlesOf(t, channelId)).filter((a) => a.slug === 'budget-vote-passes');
    const response = await owner.client.get(`/api/articles/${budget!.id}/comments`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const threads = Array.isArray(body) ? body : (body.items ?? body.threads);
    const flat = JSON.stringify(threads);
    expect(flat).toContain('"author":{"name":"Mira Quay","kind":"imported"}');
    expect(flat).toContain('"author":{"name":"Tom Pier","kind":"imported"}');
    expect(flat).not.toContain('Cheap Pills');
    expect(flat).not.toContain('Who paid for this?');
    const rows = await t.ctx.db.selectFrom('comments').select(['parent_id', 'imported_author_name', 'created_at']).where('article_id', '=', budget!.id).orderBy('id').execute();
    expect(rows.map((r) => [r.imported_author_name, r.parent_id === null, Number(r.created_at)])).toEqual([
      ['Mira Quay', true, Date.parse('2024-05-17T11:05:00.000Z')],
      ['Tom Pier', false, Date.parse('2024-05-17T12:00:00.000Z')],
    ]);
  });

  it('answers the old addresses with 301 to the new page, and lists and removes redirects', async () => {
    const [budget] = (await articlesOf(t, channelId)).filter((a) => a.slug === 'budget-vote-passes');
    const old = await t.app.inject({ method: 'GET', url: '/2024/05/17/budget-vote-passes/' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/articles/budget-vote-passes-${budget!.id}`);
    const byId = await t.app.inject({ method: 'GET', url: '/?p=101' });
    expect(byId.statusCode).toBe(301);
    expect(byId.headers.location).toBe(`/articles/budget-vote-passes-${budget!.id}`);
    // Another query parameter beside p, or our own routes, are never redirected.
    expect((await t.app.inject({ method: 'GET', url: '/?p=101&utm=x' })).statusCode).not.toBe(301);
    const list = await owner.client.get(`/api/channels/${channelId}/redirects`);
    expect(list.statusCode).toBe(200);
    const paths = list.json().items.map((r: { path: string }) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/2024/05/17/budget-vote-passes/', '/?p=101']));
    // A draft's old address answers nothing until it is published.
    const id = list.json().items.find((r: { path: string }) => r.path === '/?p=101').id;
    expect((await owner.client.delete(`/api/channels/${channelId}/redirects/${id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/?p=101' })).statusCode).not.toBe(301);
    expect((await owner.client.delete(`/api/channels/${channelId}/redirects/${id}`)).statusCode).toBe(404);
  });

  it('sends no email and announces nothing for imported articles', async () => {
    const queued = await t.ctx.db.selectFrom('email_outbox').select('id').where('channel_id', '=', channelId).execute();
    expect(queued).toEqual([]);
  });

  it('creates nothing twice when the same archive is imported again into the channel', async () => {
    const before = await articlesOf(t, channelId);
    const again = await runImport(owner.client, channelId, wxrFixture());
    expect(again.counts).toMatchObject({ articles: 0, drafts: 0, comments: 0, redirects: 0 });
    expect(again.problems).toContainEqual({ item: '3 articles', reason: 'already imported into this channel: not imported again' });
    expect(await articlesOf(t, channelId)).toEqual(before);
    const list = (await owner.client.get(`/api/channels/${channelId}/imports`)).json();
    expect(list.items.map((job: { id: number }) => job.id)).toEqual([again.id, wordpressJob.id]);
  });

  it('imports the same archive into another channel again, listing the old addresses the first import kept', async () => {
    const other = await newChannel(owner.client, `Harbour Times two ${kind}`);
    const job = await runImport(owner.client, other, wxrFixture(), { authors: 'me' });
    // Only the address removed above is free again.
    expect(job.counts).toMatchObject({ articles: 1, drafts: 2, redirects: 1 });
    expect(job.problems).toContainEqual({ item: '/2024/05/17/budget-vote-passes/'.replace(/^/, 'old address ') + ' of article "Budget vote passes after late-night session"', reason: 'already redirects to another article: kept as it was' });
    // With authors "me", every article is the importer's.
    expect(new Set((await articlesOf(t, other)).map((a) => a.user_id))).toEqual(new Set([owner.id]));
  });

  it("never gives an article to an account outside the channel's staff, and says how many", async () => {
    const outsider = await signedInClient(t, 'outsider');
    await t.ctx.db.updateTable('users').set({ email: 'ben@outside.example', email_key: 'ben@outside.example' }).where('id', '=', outsider.id).execute();
    const target = await newChannel(owner.client, `Outsiders ${kind}`);
    const file = wxrFixture('outsider.xml', (xml) => xml.replace('ben@harbourtimes.example', 'ben@outside.example'));
    const job = await runImport(owner.client, target, file);
    // Ben, and Ada too: the first import made Ada's account, which is outside this channel's staff.
    expect(job.problems).toContainEqual({ item: '2 authors', reason: "an address that belongs to an account outside the channel's staff: their articles are the importer's" });
    expect(JSON.stringify(job)).not.toContain('ben@outside.example');
    const articles = await articlesOf(t, target);
    expect(articles.some((a) => a.user_id === outsider.id)).toBe(false);
  });

  it('imports a Ghost ZIP with its images from the archive', async () => {
    // Two real pictures; tide.jpg stays the fixture's placeholder, which no decoder reads.
    const parts = onLocalHost(folderParts(path.join(FIXTURES, 'ghost')), 'https://images.example.org').map((part) => (/(harbour|dredger)\.jpg$/.test(part.name) ? { ...part, data: harbourJpg } : part));
    const zip = await writeZip(tmp.file('ghost.zip'), parts);
    const target = await newChannel(owner.client, `Ghost ${kind}`);
    const job = await runImport(owner.client, target, zip);
    expect(job.format).toBe('ghost');
    expect(job.status).toBe('done');
    expect(job.counts.images).toBeGreaterThanOrEqual(2);
    expect(job.problems.some((p: { item: string; reason: string }) => p.item.startsWith('image content/images/2024/05/tide.jpg') && p.reason.includes('could not be read'))).toBe(true);
    const articles = await articlesOf(t, target);
    expect(articles.length).toBe(job.counts.articles + job.counts.drafts);
    const dredging = articles.find((a) => a.slug === 'harbour-dredging-begins')!;
    expect(dredging.content).toMatch(/\/uploads\//);
    const cover = await t.ctx.db.selectFrom('article_images').select(['cover', 'in_text']).where('article_id', '=', dredging.id).where('cover', '=', 1).execute();
    expect(cover).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/harbour-dredging-begins/' })).headers.location).toBe(`/articles/harbour-dredging-begins-${dredging.id}`);
  });

  it('imports a Substack ZIP with its subscribers: active ones subscribe, suppressed ones are never emailed', async () => {
    // Dan has an account already (the Ghost members list above made it, or here).
    let existing = await t.ctx.db.selectFrom('users').select('id').where('email_key', '=', 'dan@example.org').executeTakeFirst();
    if (!existing) {
      const reader = await signedInClient(t, 'reader');
      await t.ctx.db.updateTable('users').set({ email: 'dan@example.org', email_key: 'dan@example.org' }).where('id', '=', reader.id).execute();
      existing = { id: reader.id };
    }
    const zip = await writeZip(tmp.file('substack.zip'), onLocalHost(folderParts(path.join(FIXTURES, 'substack')), 'https://substack-post-media.s3.amazonaws.com'));
    const target = await newChannel(owner.client, `Substack ${kind}`);
    const job = await runImport(owner.client, target, zip);
    // Cleo and Dan are emailed; Eve's email is disabled.
    expect(job).toMatchObject({ format: 'substack', status: 'done', counts: { subscribers: 2, images: 1 } });
    const subscriptions = await t.ctx.db.selectFrom('subscriptions').select(['user_id', 'imported']).where('channel_id', '=', target).execute();
    expect(subscriptions).toContainEqual({ user_id: existing.id, imported: 1 });
    expect(subscriptions).toHaveLength(2);
    // The person sees that the publisher's list brought the subscription.
    const mine = await t.ctx.channels.subscriptionsOf(existing.id, { id: existing.id, username: 'dan', description: null, isAdmin: false, hasPassword: true, createdAt: '', sessionId: 'test' });
    expect(mine.find((subscription) => subscription.id === target)?.imported).toBe(true);
    const channel = await t.ctx.db.selectFrom('channels').select('subscriber_count').where('id', '=', target).executeTakeFirstOrThrow();
    expect(channel.subscriber_count).toBe(2);
    // Eve has an account without a password, and no subscription: nothing ever emails her.
    const suppressed = await t.ctx.db
      .selectFrom('import_subscribers')
      .innerJoin('users', 'users.id', 'import_subscribers.user_id')
      .select(['users.email', 'users.password_hash', 'import_subscribers.suppressed'])
      .where('import_subscribers.channel_id', '=', target)
      .where('import_subscribers.suppressed', '=', 1)
      .orderBy('users.email')
      .execute();
    expect(suppressed).toEqual([{ email: 'eve@example.org', password_hash: null, suppressed: 1 }]);
    // Substack's subtitle is the article's.
    const budget = (await articlesOf(t, target)).find((a) => a.title === 'Budget vote passes after late-night session');
    expect(budget?.subtitle).toBe('The harbour budget passed 7–4, just after 1:40 a.m.');
    const paid = (await articlesOf(t, target)).find((a) => a.title === 'The dredging contract, in full');
    expect(paid?.status).toBe('draft');
    expect(JSON.stringify(job.problems)).toContain('paid post imported as a draft');
  });

  it('imports a Medium ZIP, its draft_ files as drafts', async () => {
    const zip = await writeZip(tmp.file('medium.zip'), onLocalHost(folderParts(path.join(FIXTURES, 'medium')), 'https://cdn-images-1.medium.com'));
    const target = await newChannel(owner.client, `Medium ${kind}`);
    const job = await runImport(owner.client, target, zip);
    expect(job).toMatchObject({ format: 'medium', status: 'done', counts: { articles: 1, drafts: 1 } });
  });

  it('finishes an import that stopped half-way, creating nothing twice', async () => {
    const target = await newChannel(owner.client, `Resumed ${kind}`);
    const job = await runImport(owner.client, target, wxrFixture('resume.xml'));
    const full = await articlesOf(t, target);
    // As a killed run leaves it: the job running under a claim nobody renews, its last article never written.
    const last = full.at(-1)!;
    await t.ctx.db.deleteFrom('import_items').where('target_id', '=', last.id).where('kind', '=', 'article').execute();
    await t.ctx.db.deleteFrom('articles').where('id', '=', last.id).execute();
    const kept = await t.ctx.db.selectFrom('imports').select('file_path').where('id', '=', job.id).executeTakeFirstOrThrow();
    // The finished job's file goes just after its report: put it back once it is gone.
    for (let i = 0; i < 100 && fs.existsSync(kept.file_path); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    fs.copyFileSync(wxrFixture('resume.xml'), kept.file_path);
    await t.ctx.db.updateTable('imports').set({ status: 'running', claimed_until: 1, claimed_by: 'a-killed-runner' }).where('id', '=', job.id).execute();
    const resumed = await finished(owner.client, job.id);
    expect(resumed.status).toBe('done');
    const again = await articlesOf(t, target);
    expect(again.map((a) => a.title).sort()).toEqual(full.map((a) => a.title).sort());
  });

  it('refuses a file of no known format with 400 and one over IMPORT_MAX_MB with 413', async () => {
    const text = tmp.file('notes.txt');
    fs.writeFileSync(text, 'just some notes');
    const unknown = await post(owner.client, channelId, text);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('not a file an import can read');
    const big = tmp.file('big.xml');
    fs.writeFileSync(big, Buffer.alloc(1024 * 1024 + 10, 'a'));
    expect((await post(owner.client, channelId, big)).statusCode).toBe(413);
    expect((await post(owner.client, channelId, text, { format: 'word' })).statusCode).toBe(400);
  });

  it('fails the job on malformed XML, naming the line, with nothing imported', async () => {
    const target = await newChannel(owner.client, `Broken ${kind}`);
    const broken = wxrFixture('broken.xml', (xml) => xml.replace('</wp:post_id>', '</wp:post_idd>'));
    const job = await runImport(owner.client, target, broken);
    expect(job.status).toBe('failed');
    expect(job.problems[0].item).toMatch(/broken\.xml line \d+/);
    expect(await articlesOf(t, target)).toEqual([]);
  });

  it('refuses a ZIP holding a link, importing nothing', async () => {
    const target = await newChannel(owner.client, `Linked ${kind}`);
    const zip = await writeZip(tmp.file('linked.zip'), [
      { name: 'posts.csv', data: path.join(FIXTURES, 'substack/posts.csv') },
      { name: 'posts/140001.budget-vote-passes.html', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
    ]);
    const response = await post(owner.client, target, zip);
    // Refused on the central directory, before anything is read: at upload or as a failed job.
    if (response.statusCode === 400) expect(response.json().error).toMatch(/symbolic link/);
    else expect((await finished(owner.client, response.json().id)).status).toBe('failed');
    expect(await articlesOf(t, target)).toEqual([]);
  });

  it('lets only the channel owner or an admin import, list imports or read redirects', async () => {
    const stranger = await signedInClient(t, 'stranger');
    expect((await post(stranger.client, channelId, wxrFixture())).statusCode).toBe(403);
    expect((await stranger.client.get(`/api/channels/${channelId}/imports`)).statusCode).toBe(403);
    expect((await stranger.client.get(`/api/channels/${channelId}/redirects`)).statusCode).toBe(403);
    expect((await stranger.client.get(`/api/imports/${wordpressJob.id}`)).statusCode).toBe(404);
    expect((await stranger.client.get(`/api/channels/${channelId}/export`)).statusCode).toBe(403);
    const anonymous = new TestClient(() => t.app);
    expect((await post(anonymous, channelId, wxrFixture())).statusCode).toBe(401);
    expect((await post(owner.client, 999_999, wxrFixture())).statusCode).toBe(404);
    expect((await owner.client.get('/api/imports/abc')).statusCode).toBe(400);
  });

  it('exports the channel and imports it back into an empty channel with its articles, dates, comments and images', async () => {
    const response = await owner.client.get(`/api/channels/${channelId}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const zip = tmp.file('export.zip');
    fs.writeFileSync(zip, response.rawPayload);
    const names = await zipNames(zip);
    expect(names).toContain('broadsheet.json');
    expect(names).toContain('subscribers.csv');
    expect(names.some((name) => name.startsWith('images/'))).toBe(true);

    const target = await newChannel(owner.client, `Round trip ${kind}`);
    const job = await runImport(owner.client, target, zip);
    expect(job).toMatchObject({ format: 'broadsheet', status: 'done', counts: { articles: 1, drafts: 2, comments: 2, images: 1 } });
    const original = await articlesOf(t, channelId);
    const copy = await articlesOf(t, target);
    expect(copy.map((a) => [a.title, a.status, Number(a.created_at)]).sort()).toEqual(original.map((a) => [a.title, a.status, Number(a.created_at)]).sort());
    const budget = copy.find((a) => a.title === 'Budget vote passes after late-night session')!;
    expect(budget.content).toMatch(/<img src="\/uploads\/[^"]+"/);
    const comments = await t.ctx.db.selectFrom('comments').select(['imported_author_name', 'created_at']).where('article_id', '=', budget.id).orderBy('id').execute();
    expect(comments.map((c) => c.imported_author_name)).toEqual(['Mira Quay', 'Tom Pier']);
  });

  it('exports a Ghost JSON file in the shape Ghost 5 imports, with placeholder addresses', async () => {
    const response = await owner.client.get(`/api/channels/${channelId}/export?format=ghost`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.db[0].meta).toMatchObject({ version: expect.stringMatching(/^5\./), exported_on: expect.any(Number) });
    const data = body.db[0].data;
    expect(Object.keys(data).sort()).toEqual(['posts', 'posts_authors', 'posts_tags', 'tags', 'users']);
    const post = data.posts.find((p: { slug: string }) => p.slug === 'budget-vote-passes');
    expect(post).toMatchObject({ type: 'post', status: 'published', published_at: '2024-05-17T09:00:00.000Z' });
    expect(JSON.parse(post.lexical).root.type).toBe('root');
    expect(post.html).toContain('http://localhost:3000/uploads/');
    expect(data.tags.map((tag: { name: string }) => tag.name)).toEqual(expect.arrayContaining(['Economy', 'Space', 'Courts']));
    expect(data.users.find((u: { name: string }) => u.name === 'ada').email).toBe('ada@users.invalid');
    expect(data.posts_authors.every((row: { author_id: string | null }) => row.author_id !== null)).toBe(true);
  });
});

function zipNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
