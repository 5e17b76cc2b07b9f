import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signedInClient, useTestApp } from '../../../test-support/test-app.js';

/**
 * The scheduler's one query every few seconds on every instance, and the review queue, read through
 * their indexes (a production SQLite database is never analysed; a test database neither, so these
 * plans are production's): due articles by the partial index of scheduled ones, a channel's queue
 * by its channel and status, and the log line naming who scheduled an article by the article.
 */
describe('the scheduler and the queue on SQLite', () => {
  let captured: string[] = [];
  const t = useTestApp('sqlite', { SCHEDULER_INTERVAL_MS: '10000' }, { onQuery: (sql) => void captured.push(sql) });

  async function planOf(statement: string | undefined): Promise<string> {
    expect(statement).toBeDefined();
    const parameters = Array.from(statement!.matchAll(/\?/g), () => 1);
    return (await t.ctx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement}`, parameters))).rows.map((row) => row.detail).join('\n');
  }

  it('looks for due articles on the partial index of scheduled ones, finds who scheduled one by its index, and reads a queue by channel and status', async () => {
    const owner = await signedInClient(t, 'plans');
    const channelId = (await owner.client.post('/api/channels', { name: 'Plans', description: 'Plans' })).json().id as number;
    for (let i = 0; i < 3; i++) await owner.client.post('/api/articles', { title: `Story ${i}`, content: '<p>Text</p>', channelId });

    captured = [];
    await t.ctx.scheduler.run();
    const due = await planOf(captured.find((text) => text.includes('"publish_at" <=')));
    expect(due).toMatch(/SEARCH articles USING (COVERING )?INDEX articles_scheduled_idx \(publish_at<\?\)/);
    expect(due).not.toMatch(/SCAN articles\b/);

    // An article falls due: the publication names who scheduled it, found by the article's own log lines.
    const due2 = (await owner.client.post('/api/articles', { title: 'Due now', content: '<p>Text</p>', channelId })).json().id as number;
    await t.ctx.db.updateTable('articles').set({ status: 'scheduled', publish_at: Date.now() - 1000 }).where('id', '=', due2).execute();
    captured = [];
    expect(await t.ctx.scheduler.run()).toBe(1);
    const actor = await planOf(captured.find((text) => text.includes('from "channel_events"') && text.includes('"action" =')));
    expect(actor).toMatch(/SEARCH channel_events USING (COVERING )?INDEX channel_events_target_idx \(target_type=\? AND target_id=\?\)/);
    expect(actor).not.toMatch(/SCAN channel_events\b/);

    captured = [];
    expect((await owner.client.get(`/api/channels/${channelId}/queue`)).statusCode).toBe(200);
    const queue = await planOf(captured.find((text) => text.includes('"in_review"') || text.includes("'in_review'") || (text.includes('from "articles"') && text.includes('"status" in'))));
    expect(queue).toMatch(/SEARCH articles USING (COVERING )?INDEX articles_channel_status_idx \(channel_id=\? AND status=\?\)/);
  });
});
