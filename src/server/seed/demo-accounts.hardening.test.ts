import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

/** Accounts with a published password are seeded only on a local site, unless the operator asks. */
describe('demo accounts only on a local site unless asked', () => {
  it('seeds by default when PUBLIC_URL is unset or local, not when it is public', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://news.example.com' }).seedDemo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).seedDemo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://news.example.com', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});
