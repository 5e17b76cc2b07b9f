import { describe, expect, it } from 'vitest';
import { signedInClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

const REPORTS = 10_000;
const REPORTERS = 4;
const TARGETS = REPORTS / REPORTERS;
const REASONS = ['spam', 'harassment', 'misinformation', 'other'] as const;
const BATCH = 500;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(testDatabases())('the report queue of a busy channel on %s', (kind) => {
  const t = useTestApp(kind);

  it(`answers a page of a channel's queue of ${REPORTS} reports in 30 ms or less at the median`, async () => {
    const owner = await signedInClient(t, 'queuedesk');
    const channel = (await owner.client.post('/api/channels', { name: 'Queue Desk', description: 'd' })).json() as { id: number };
    const article = (await owner.client.post('/api/articles', { title: 'Much reported', content: '<p>Text</p>', channelId: channel.id })).json() as { id: number };
    const writer = await signedInClient(t, 'writer');
    const reporters = await Promise.all(Array.from({ length: REPORTERS }, (_, i) => signedInClient(t, `reporter${i}`)));
    const at = Date.now() - REPORTS * 1000;

    // The rows as reports made them: the comments, each reporter's report of each, and the queue's counters.
    const commentIds: number[] = [];
    for (let start = 0; start < TARGETS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, TARGETS - start) }, (_, i) => ({
        article_id: article.id,
        user_id: writer.id,
        parent_id: null,
        content: `Comment number ${start + i} with words that someone found objectionable`,
        created_at: at + (start + i) * 1000,
      }));
      const inserted = await t.database.db.insertInto('comments').values(rows).returning('id').execute();
      commentIds.push(...inserted.map((row) => row.id));
    }
    for (let start = 0; start < TARGETS; start += BATCH) {
      const slice = commentIds.slice(start, start + BATCH);
      await t.database.db
        .insertInto('reports')
        .values(
          slice.flatMap((targetId, i) =>
            reporters.map((reporter, r) => ({
              reporter_id: reporter.id,
              target_type: 'comment' as const,
              target_id: targetId,
              reason: REASONS[(i + r) % REASONS.length]!,
              text: r === 0 ? 'Please look at this' : null,
              created_at: at + (start + i) * 1000 + r,
              resolved_at: null,
              resolution: null,
            })),
          ),
        )
        .execute();
      await t.database.db
        .insertInto('report_targets')
        .values(
          slice.map((targetId, i) => ({
            target_type: 'comment' as const,
            target_id: targetId,
            channel_id: channel.id,
            open_count: REPORTERS,
            spam: 1,
            harassment: 1,
            misinformation: 1,
            other: 1,
            latest_at: at + (start + i) * 1000 + REPORTERS - 1,
          })),
        )
        .execute();
    }

    const timed = async (url: string) => {
      const started = performance.now();
      const response = await owner.client.get(url);
      const took = performance.now() - started;
      expect(response.statusCode, url).toBe(200);
      return { took, page: response.json() as { items: { count: number }[]; nextCursor: string | null } };
    };
    const first = `/api/moderation/reports?channelId=${channel.id}`;
    // Warm-up: the first reads pay for compiling the statements.
    for (let i = 0; i < 5; i += 1) await timed(first);
    const firstPages: number[] = [];
    const laterPages: number[] = [];
    let cursor = (await timed(first)).page.nextCursor;
    for (let round = 0; round < 20; round += 1) {
      const page = await timed(first);
      expect(page.page.items).toHaveLength(20);
      expect(page.page.items[0]!.count).toBe(REPORTERS);
      firstPages.push(page.took);
      const later = await timed(`${first}&cursor=${cursor}`);
      laterPages.push(later.took);
      cursor = later.page.nextCursor ?? cursor;
    }
    console.info(`[moderation queue ${kind}] median first page ${median(firstPages).toFixed(1)} ms, median later page ${median(laterPages).toFixed(1)} ms`);
    expect(median(firstPages)).toBeLessThanOrEqual(30);
    expect(median(laterPages)).toBeLessThanOrEqual(30);
  });
});
