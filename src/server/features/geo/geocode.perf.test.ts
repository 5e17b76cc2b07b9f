import { describe, expect, it } from 'vitest';
import { createOfflineGazetteer } from './offline-gazetteer.js';

/** The offline gazetteer's time budget once warmed (npm run test:perf). */
describe('the warmed offline gazetteer', () => {
  it('answers a place search within 300 ms', async () => {
    const gazetteer = createOfflineGazetteer();
    await gazetteer.warm();
    const started = performance.now();
    expect((await gazetteer.search('lisbon', ['place'], 5))[0]).toMatchObject({ place_name: 'Lisbon, Portugal' });
    expect(performance.now() - started).toBeLessThan(300);
  });
});
