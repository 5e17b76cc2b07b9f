import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '../../../contract/media.js';
import { signedInClient, testDatabases, useTestApp, type TestClient } from '../../../test-support/test-app.js';

/** A photo-like PNG: noise does not compress, so each upload weighs a few hundred KB with its copies. */
const noisy = (seed: number, width = 480, height = 360) =>
  sharp({ create: { width, height, channels: 3, background: { r: seed * 40, g: 90, b: 120 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();

function multipart(fileName: string, body: Buffer) {
  const boundary = `----broadsheet-quota-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`);
  return { payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (client: TestClient, body: Buffer) => client.request({ method: 'POST', url: '/api/uploads', ...multipart('photo.png', body) });

/**
 * Uploads not yet used in an article count against a per-account quota (UPLOAD_QUOTA_MB; one
 * megabyte here), refused with 413 and a message naming it, which the editor shows under the
 * image. Using an upload in an article frees its share; an upload left unused for
 * UPLOAD_ABANDON_MINUTES (an hour) is swept.
 */
describe.each(testDatabases())('the quota of unused uploads on %s', (kind) => {
  const t = useTestApp(kind, { UPLOAD_QUOTA_MB: '1' });
  const unusedBytes = async (userId: number) =>
    (await t.database.db.selectFrom('uploads').select('stored_bytes').where('user_id', '=', userId).execute()).reduce((sum, row) => sum + Number(row.stored_bytes), 0);

  it('refuses uploads past it with 413 and the quota in the message, and frees room when an upload is used', async () => {
    const writer = await signedInClient(t, 'quota');
    const message = MEDIA_MESSAGES.uploadQuotaReached(1, 60);
    expect(message).toContain('1 MB');
    const statuses: number[] = [];
    for (let i = 0; i < 8 && !statuses.includes(413); i++) {
      const response = await upload(writer.client, await noisy(i));
      statuses.push(response.statusCode);
      if (response.statusCode === 413) expect(response.json()).toEqual({ error: message });
    }
    expect(statuses.at(-1)).toBe(413);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    // What was kept never passes the quota; the refused upload left nothing behind.
    expect(await unusedBytes(writer.id)).toBeLessThanOrEqual(1024 * 1024);
    const kept = await t.database.db.selectFrom('uploads').select(['url', 'stored_bytes', 'bytes']).where('user_id', '=', writer.id).execute();
    expect(kept).toHaveLength(statuses.filter((s) => s === 201).length);
    // Its copies count too: more than the main file.
    for (const row of kept) expect(Number(row.stored_bytes)).toBeGreaterThan(row.bytes);

    // Full to the byte: refused before the file is even read (a body that is not an image gets the same answer).
    const room = 1024 * 1024 - (await unusedBytes(writer.id));
    await t.database.db.updateTable('uploads').set({ stored_bytes: Number(kept[0]!.stored_bytes) + room }).where('url', '=', kept[0]!.url).execute();
    expect((await upload(writer.client, Buffer.from('not an image'))).json()).toEqual({ error: message });

    // Used in an article, an upload no longer counts.
    const channel = (await writer.client.post('/api/channels', { name: `Quota ${kind}`, description: 'Desk' })).json();
    const article = (await writer.client.post('/api/articles', { title: 'With pictures', content: '<p>Text</p>', channelId: channel.id })).json();
    const attached = await writer.client.put(`/api/articles/${article.id}/images`, { images: kept.slice(0, 2).map((row, order) => ({ image_url: row.url, caption: null, order })) });
    expect(attached.statusCode).toBe(200);
    expect((await upload(writer.client, await noisy(7))).statusCode).toBe(201);

    // Another account has its own quota.
    expect((await upload((await signedInClient(t, 'quota')).client, await noisy(1))).statusCode).toBe(201);
  });

  it('sweeps uploads unused for an hour, and frees their share', async () => {
    const writer = await signedInClient(t, 'sweep');
    const recentResponse = await upload(writer.client, await noisy(3, 240, 180));
    const oldResponse = await upload(writer.client, await noisy(4, 240, 180));
    expect([recentResponse.statusCode, oldResponse.statusCode], oldResponse.body).toEqual([201, 201]);
    const [recent, old] = [recentResponse.json(), oldResponse.json()];
    const at = Date.now();
    await t.database.db.updateTable('uploads').set({ created_at: at - 61 * 60_000 }).where('id', '=', old.id).execute();
    await t.database.db.updateTable('uploads').set({ created_at: at - 59 * 60_000 }).where('id', '=', recent.id).execute();
    expect(await t.ctx.media.sweepAbandoned()).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.selectFrom('uploads').select('id').where('user_id', '=', writer.id).execute();
    expect(left.map((row) => row.id)).toEqual([recent.id]);
    expect((await t.app.inject({ method: 'GET', url: old.url })).statusCode).toBe(404);
  });
});
