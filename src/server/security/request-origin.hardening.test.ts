import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '../../contract/media.js';
import { createSessionsRepository } from '../features/auth/sessions.repository.js';
import { createSessionsService } from '../features/auth/sessions.service.js';
import { openTestDatabase, signedInClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

/** Malformed URLs, writes from another origin, a second file in an upload, and the laptop's own host. */
let n = 0;
const name = (prefix: string) => `${prefix}_${process.pid}_${++n}`;

describe('malformed addresses, foreign origins and second files', () => {
  describe('on a public site', () => {
    const t = useTestApp('sqlite', { PUBLIC_URL: 'https://news.example.com' });

    it('answers a malformed percent-encoded path with {error} alone', async () => {
      for (const url of ['/api/articles/%E0%A4%A', '/api/channels/%', '/%c0']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toEqual({ error: 'Malformed URL' });
      }
    });

    it('refuses a write whose Origin is not PUBLIC_URL, even when it matches the Host the client sent', async () => {
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { origin: 'http://evil.example', host: 'evil.example' },
        payload: { username: name('forged'), password: 'correct-horse' },
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toEqual({ error: 'Cross-origin request refused' });
      const own = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { origin: 'https://news.example.com', host: 'evil.example' },
        payload: { username: name('own'), password: 'correct-horse' },
      });
      expect(own.statusCode).toBe(201);
    });

    it('refuses an upload with two files instead of keeping the first', async () => {
      const { client, id } = await signedInClient(t);
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
      const boundary = '----broadsheet-two-files';
      const part = (fileName: string) =>
        Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from('\r\n')]);
      const payload = Buffer.concat([part('a.png'), part('b.png'), Buffer.from(`--${boundary}--\r\n`)]);
      const response = await client.request({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'https://news.example.com' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: MEDIA_MESSAGES.tooManyFiles });
      const stored = await t.database.db.selectFrom('uploads').select('id').where('user_id', '=', id).execute();
      expect(stored).toHaveLength(0);
    });
  });

  describe('on a laptop (PUBLIC_URL unset)', () => {
    const t = useTestApp('sqlite', { PUBLIC_URL: '' });

    it('still accepts the request’s own host, so 127.0.0.1:3000 works beside the localhost default', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
        payload: { username: name('laptop'), password: 'correct-horse' },
      });
      expect(response.statusCode).toBe(201);
    });
  });

  it.each(testDatabases())('ends a session 180 days after sign-in however often it is used (%s)', async (kind) => {
    const { database, drop } = await openTestDatabase(kind);
    try {
      const day = 24 * 60 * 60 * 1000;
      let now = Date.UTC(2026, 0, 1);
      const users = await database.db
        .insertInto('users')
        .values({ username: 'daily', username_key: 'daily', password_hash: null, description: null, is_admin: 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sessions = createSessionsService(createSessionsRepository(database.db), () => now);
      const { token } = await sessions.start(users.id);
      // Used every other day: the sliding 30-day expiry alone would keep it forever.
      for (now += 2 * day; now < Date.UTC(2026, 0, 1) + 180 * day; now += 2 * day) {
        expect(await sessions.resolve(token), new Date(now).toISOString()).not.toBeNull();
      }
      now = Date.UTC(2026, 0, 1) + 180 * day + 1;
      expect(await sessions.resolve(token)).toBeNull();
    } finally {
      await drop();
    }
  });
});
