import { describe, expect, it } from 'vitest';
import { TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

/** An unknown name and a wrong password take the same time to refuse (npm run test:perf: a statistic of timings). */
let n = 0;
const name = (prefix: string) => `${prefix}_${process.pid}_${++n}`;

describe.each(testDatabases())('sign-in timing on %s', (kind) => {
  const t = useTestApp(kind);

  it("answers 'unknown user' and 'wrong password' in indistinguishable time", async () => {
    const username = name('tim');
    await new TestClient(() => t.app).post('/api/register', { username, password: 'correct-horse' });
    const time = async (name: string) => {
      const start = process.hrtime.bigint();
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: name, password: 'wrong-password' } });
      expect(response.statusCode).toBe(401);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so load on the machine hits both samples alike (this app's limits are set high).
    const account = username;
    for (let i = 0; i < 40; i++) {
      if (i % 2 === 0) {
        known.push(await time(account));
        unknown.push(await time(name('nobody')));
      } else {
        unknown.push(await time(name('nobody')));
        known.push(await time(account));
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const mKnown = median(known);
    const mUnknown = median(unknown);
    // Medians within 25% of each other (argon2 dominates both; a missing dummy verify would be ~100x faster).
    expect(Math.abs(mKnown - mUnknown) / Math.max(mKnown, mUnknown)).toBeLessThan(0.25);
    // Mann–Whitney U: the probability that a random 'unknown' answer is slower than a random
    // 'wrong password' one stays near 1/2 (0.5 ± 0.25 is far outside a real timing leak's ~0 or ~1).
    let u = 0;
    for (const a of unknown) for (const b of known) u += a > b ? 1 : a === b ? 0.5 : 0;
    const auc = u / (known.length * unknown.length);
    expect(auc).toBeGreaterThan(0.25);
    expect(auc).toBeLessThan(0.75);
  });
});
