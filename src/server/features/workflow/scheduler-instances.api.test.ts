import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, testDatabases } from '../../../test-support/test-app.js';
import { twoInstances, type Instance } from '../../../test-support/scheduler-test-instances.js';

const ARTICLES = 30;

describe.each(testDatabases())('the scheduler with two instances on one %s database', (kind) => {
  let instances: [Instance, Instance];
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    // A long period: the test runs both instances' passes at the same moment itself.
    ({ instances, close } = await twoInstances(kind, { SCHEDULER_INTERVAL_MS: '10000' }));
  });
  afterAll(() => close());

  it('publishes each due article exactly once, with one subscriber notice and one log line each', async () => {
    const [a, b] = instances;
    const owner = new TestClient(() => a.app);
    expect((await owner.post('/api/register', { username: `sched_${kind}_${process.pid}`, password: 'correct-horse' })).statusCode).toBe(201);
    const channelId = (await owner.post('/api/channels', { name: 'Morning edition', description: 'Out at dawn' })).json().id as number;
    const reader = new TestClient(() => b.app);
    await reader.post('/api/register', { username: `reader_${kind}_${process.pid}`, password: 'correct-horse' });
    expect((await reader.post(`/api/channels/${channelId}/subscribe`)).statusCode).toBeLessThan(300);

    const at = new Date(Date.now() + 3_600_000).toISOString();
    const ids: number[] = [];
    for (let i = 0; i < ARTICLES; i++) {
      const created = await owner.post('/api/articles', { title: `Dawn story ${i}`, content: '<p>Early news.</p>', channelId, publishAt: at });
      expect(created.json().status).toBe('scheduled');
      ids.push(created.json().id);
    }
    // Their minute comes for both instances at once.
    await a.ctx.db.updateTable('articles').set({ publish_at: Date.now() - 1000 }).where('id', 'in', ids).execute();
    const [byA, byB] = await Promise.all([a.ctx.scheduler.run(), b.ctx.scheduler.run()]);
    expect(byA + byB).toBe(ARTICLES);

    const db = a.ctx.db;
    const statuses = await db.selectFrom('articles').select('status').where('id', 'in', ids).execute();
    expect(statuses.every((s) => s.status === 'published')).toBe(true);
    const notices = await db.selectFrom('email_outbox').select('article_id').where('kind', '=', 'publish').where('article_id', 'in', ids).execute();
    expect(notices.map((n) => n.article_id).sort((x, y) => x! - y!)).toEqual(ids);
    const lines = await db.selectFrom('channel_events').select('target_id').where('action', '=', 'published_on_schedule').where('channel_id', '=', channelId).execute();
    expect(lines.map((l) => l.target_id).sort((x, y) => x - y)).toEqual(ids);
    const revisions = await db.selectFrom('article_revisions').select(['article_id']).where('article_id', 'in', ids).where('published', '=', 1).execute();
    expect(revisions).toHaveLength(ARTICLES);
    expect((await db.selectFrom('channels').select('article_count').where('id', '=', channelId).executeTakeFirstOrThrow()).article_count).toBe(ARTICLES);
    // A second pass on either finds nothing left.
    expect(await Promise.all([a.ctx.scheduler.run(), b.ctx.scheduler.run()])).toEqual([0, 0]);
  });
});
