import { describe, expect, it } from 'vitest';
import { uniqueName } from './support.js';
import { freshOnBAfterWritesOnA, twoInstancesAvailable, useTwoInstances } from './two-instances-site.js';

/**
 * How soon a write on one instance reaches a reader of the other, who had the page cached for a
 * minute (npm run test:perf: a time says something only on a quiet machine). That it gets there at
 * all is held in npm test by two-instances.e2e.test.ts.
 */
describe.runIf(await twoInstancesAvailable())('two instances, one site: how soon', () => {
  const site = useTwoInstances();

  it('shows a like and a comment written on A to a reader of B within a second: the time of one message over Redis', async () => {
    const { likeLag, commentLag } = await freshOnBAfterWritesOnA(site, uniqueName);
    console.info(`two instances: fresh on B ${likeLag} ms after a like, ${commentLag} ms after a comment`);
    expect(Math.max(likeLag, commentLag)).toBeLessThan(1000);
  });
});
