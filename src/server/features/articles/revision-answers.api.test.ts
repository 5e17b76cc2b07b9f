import { describe, it } from 'vitest';
import { body, categoryIds, expectOneShapeOnEveryDatabase, person, useEveryDatabase } from '../../../test-support/answer-shapes.js';
import { TestClient } from '../../../test-support/test-app.js';

/**
 * The whole shape of the public record's answers (the history list, one revision, a difference),
 * held to snapshots that are the same on SQLite and PostgreSQL (src/test-support/answer-shapes.ts).
 */
describe('the whole shape of revision answers, the same on every database', () => {
  const apps = useEveryDatabase();

  it('answers the history, one revision, a redacted one and the differences whole, to a reader and to the author', async () => {
    await expectOneShapeOnEveryDatabase(apps, async (t) => {
      const author = await person(t, 'record_author');
      const admin = await person(t, 'record_admin');
      await t.ctx.users.setAdmin(admin.username, true);
      const channelId = body(await author.client.post('/api/channels', { name: 'record desk', description: 'The record' }), 201).id as number;
      const categories = await categoryIds(t);

      // 1: a draft (the author's only), 2: published, 3: corrected, 4: redacted by an administrator.
      const article = body(
        await author.client.post('/api/articles', { title: 'Vote date set', content: '<p>The vote is on <strong>Monday</strong>.</p>', channelId, status: 'draft' }),
        201,
      );
      const id = article.id as number;
      body(await author.client.patch(`/api/articles/${id}`, { published: true, categoryIds: [categories['Politics > Elections']], location_name: 'Whitby', location_lat: 54.4858, location_lng: -0.6206 }));
      body(
        await author.client.patch(`/api/articles/${id}`, {
          title: 'Vote date moved',
          content: '<p>The vote is on <strong>Tuesday</strong>, in the town hall.</p>',
          correction: { kind: 'correction', text: 'An earlier version gave the wrong day.' },
        }),
      );
      body(await author.client.patch(`/api/articles/${id}`, { content: '<p>The vote is on Tuesday.</p>' }));
      body(await admin.client.post(`/api/admin/articles/${id}/revisions/4/redact`, { reason: 'Named a private person.' }));

      const reader = new TestClient(() => t.app);
      return {
        ids: { user: { author: author.id, admin: admin.id }, category: categories, article: { vote: id } },
        answers: {
          readersHistory: body(await reader.get(`/api/articles/${id}/revisions`)),
          authorsHistory: body(await author.client.get(`/api/articles/${id}/revisions`)),
          publishedRevision: body(await reader.get(`/api/articles/${id}/revisions/2`)),
          correctedRevision: body(await reader.get(`/api/articles/${id}/revisions/3`)),
          redactedRevision: body(await reader.get(`/api/articles/${id}/revisions/4`)),
          diffWithPrevious: body(await reader.get(`/api/articles/${id}/revisions/3/diff`)),
          diffAgainstTheDraft: body(await author.client.get(`/api/articles/${id}/revisions/3/diff?against=1`)),
        },
      };
    });
  });
});
