import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, createContext } from '../app.js';
import { openTestDatabase, testConfig, testDatabases } from '../../test-support/test-app.js';
import { redactUrl } from '../lib/log-redaction.js';

/**
 * Single-use links (confirm, reset, unsubscribe) and the OpenID callback's code carry their secret
 * in the query string. The request log names every URL it serves, so it must not name these.
 */
describe('secret query values in request URLs', () => {
  it('are redacted, whatever their position and case', () => {
    expect(redactUrl('/reset-password?token=abc123')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/api/auth/google/callback?state=s1&code=c2&iss=x')).toBe('/api/auth/google/callback?state=[redacted]&code=[redacted]&iss=x');
    expect(redactUrl('/unsubscribe?a=1&TOKEN=zzz#top')).toBe('/unsubscribe?a=1&TOKEN=[redacted]#top');
    expect(redactUrl('/articles/token-talk-4?q=token')).toBe('/articles/token-talk-4?q=token');
  });
});

describe.each(testDatabases())('the request log on %s', (kind) => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase(kind);
    drop = opened.drop;
    const config = testConfig({ LOG_LEVEL: 'info' });
    app = await buildApp(config, { database: opened.database, context: createContext(config, opened.database), logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('never shows the token of a reset, confirmation or unsubscribe link', async () => {
    const secret = 'S3cretLinkToken_do-not-log';
    await app.inject({ method: 'GET', url: `/api/auth/reset-password?token=${secret}` });
    await app.inject({ method: 'GET', url: `/api/email/unsubscribe?token=${secret}` });
    await app.inject({ method: 'POST', url: `/api/email/unsubscribe?token=${secret}`, payload: {} });
    await app.inject({ method: 'POST', url: '/api/email/confirm', payload: { token: secret } });
    const log = lines.join('');
    expect(log).toContain('/api/auth/reset-password?token=[redacted]');
    expect(log).toContain('/api/email/unsubscribe?token=[redacted]');
    expect(log).not.toContain(secret);
  });
});
