import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.js';
import { register } from './support.js';

/**
 * A crashed process comes back: with SUPERVISE=true (docs/operations.md, "Running in production")
 * the server runs in a worker that a small primary process restarts whenever it dies. The worker is
 * killed (SIGKILL, as heap exhaustion or the kernel's OOM killer would end it)
 * three times; each time the site answers again within seconds, on the same port, and everything
 * it had acknowledged is still there.
 */
const childrenOf = (pid: number): number[] =>
  fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('restart supervision (SUPERVISE=true)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'pipe' });
    server = await startServer({ SUPERVISE: 'true' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('restarts the server after each crash, and keeps every acknowledged write', async () => {
    const primary = server.pid;
    const author = await register(server.url, 'sup');
    const channel = await author.client.post('/api/channels', { name: `Night desk ${process.pid}`, description: 'Survives crashes' });
    expect(channel.status).toBe(201);
    const written: number[] = [];
    const restarts: number[] = [];

    for (let crash = 1; crash <= 3; crash++) {
      const article = await author.client.post('/api/articles', {
        title: `Written before crash ${crash}`,
        content: '<p>Acknowledged, then the process died.</p>',
        channelId: channel.body.id,
        status: 'published',
      });
      expect(article.status).toBe(201);
      written.push(article.body.id);

      const [worker] = childrenOf(primary);
      expect(worker).toBeDefined();
      const killedAt = Date.now();
      process.kill(worker!, 'SIGKILL');
      // Back on the same address: the primary holds the socket and starts a new worker.
      for (;;) {
        if (Date.now() - killedAt > 30_000) throw new Error(`the site did not come back after crash ${crash}:\n${server.output()}`);
        try {
          if ((await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
        } catch {
          // not yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      restarts.push(Date.now() - killedAt);
      expect(alive(primary)).toBe(true);
      expect(childrenOf(primary)).not.toContain(worker);
    }
    console.log(`supervisor: back after ${restarts.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`);
    // 1 s, then 2 s, then 4 s of back-off, plus the start itself.
    expect(restarts[0]).toBeLessThan(10_000);

    // The session, the channel and every article written before a crash are there.
    expect((await author.client.get('/api/user')).body.username).toBe(author.username);
    for (const id of written) expect((await author.client.get(`/api/articles/${id}`)).status).toBe(200);
    expect(server.output()).toMatch(/died \(SIGKILL\); restarting in 1 s/);
  });

  it('stops the worker and itself on SIGTERM', async () => {
    const primary = server.pid;
    const [worker] = childrenOf(primary);
    await server.stop();
    expect(alive(primary)).toBe(false);
    expect(alive(worker!)).toBe(false);
  });
});
