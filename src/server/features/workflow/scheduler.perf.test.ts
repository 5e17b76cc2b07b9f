import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, testDatabases } from '../../../test-support/test-app.js';
import { twoInstances, type Instance } from '../../../test-support/scheduler-test-instances.js';

const ARTICLES = 1000;
const BATCH = 250;
const SUBSCRIBERS = 20;

// Two servers on one PostgreSQL is the deployment this figure is about.
describe.skipIf(!testDatabases().includes('postgres'))('the scheduler under a morning edition, two instances on one PostgreSQL', () => {
  let instances: [Instance, Instance];
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    // The default period: the figure is what production does.
    ({ instances, close } = await twoInstances('postgres', { SCHEDULER_INTERVAL_MS: '5000' }));
  });
  afterAll(() => close());

  it(`publishes ${ARTICLES} articles due the same minute, each once, within 60 s of their time`, { timeout: 180_000 }, async () => {
    const [a, b] = instances;
    const owner = new TestClient(() => a.app);
    const ownerId = (await owner.post('/api/register', { username: `edition_${process.pid}`, password: 'correct-horse' })).json().id as number;
    const channelId = (await owner.post('/api/channels', { name: 'Morning edition', description: 'Out at dawn' })).json().id as number;
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const reader = new TestClient(() => b.app);
      await reader.post('/api/register', { username: `early_${process.pid}_${i}`, password: 'correct-horse' });
      await reader.post(`/api/channels/${channelId}/subscribe`);
    }

    // The rows as scheduling writes them, due a few seconds from now (within one minute).
    const due = Date.now() + 3000;
    const ids: number[] = [];
    for (let start = 0; start < ARTICLES; start += BATCH) {
      const rows = Array.from({ length: BATCH }, (_, i) => ({
        user_id: ownerId,
        channel_id: channelId,
        title: `Dawn story ${start + i}`,
        slug: `dawn-story-${start + i}`,
        content: '<p>Early news.</p>',
        plain_text: 'Early news.',
        published: 0,
        status: 'scheduled' as const,
        publish_at: due + ((start + i) % 50) * 1000,
        created_at: due - 60_000,
        last_edited: due - 60_000,
      }));
      const inserted = await a.ctx.db.insertInto('articles').values(rows).returning('id').execute();
      ids.push(...inserted.map((r) => r.id));
    }
    const latestDue = due + 49_000;

    const db = a.ctx.db;
    const dueAt = new Map<number, number>();
    for (const row of await db.selectFrom('articles').select(['id', 'publish_at']).where('id', 'in', ids).execute()) dueAt.set(row.id, Number(row.publish_at));
    // When each was first seen published (polled every 250 ms): its lag behind its own time.
    const seen = new Map<number, number>();
    while (seen.size < ARTICLES && Date.now() < latestDue + 90_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const at = Date.now();
      for (const row of await db.selectFrom('articles').select('id').where('id', 'in', ids).where('status', '=', 'published').execute()) {
        if (!seen.has(row.id)) seen.set(row.id, at);
      }
    }
    const lags = [...seen].map(([id, at]) => at - dueAt.get(id)!);
    const worst = Math.max(...lags);
    console.log(`scheduler: ${seen.size} of ${ARTICLES} published; worst lag behind its time ${worst} ms, median ${lags.sort((x, y) => x - y)[Math.floor(lags.length / 2)]} ms (two instances, SCHEDULER_INTERVAL_MS=5000)`);
    expect(seen.size).toBe(ARTICLES);
    expect(worst).toBeLessThanOrEqual(60_000);

    const lines = await db.selectFrom('channel_events').select('target_id').where('action', '=', 'published_on_schedule').where('channel_id', '=', channelId).execute();
    expect(new Set(lines.map((l) => l.target_id)).size).toBe(ARTICLES);
    expect(lines).toHaveLength(ARTICLES);
    const notices = await db.selectFrom('email_outbox').select('article_id').where('kind', '=', 'publish').where('article_id', 'in', ids).execute();
    expect(notices).toHaveLength(ARTICLES);
    expect((await db.selectFrom('channels').select('article_count').where('id', '=', channelId).executeTakeFirstOrThrow()).article_count).toBe(ARTICLES);
  });
});
