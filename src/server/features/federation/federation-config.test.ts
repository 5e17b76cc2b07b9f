import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('the social web switches', () => {
  it('federate by default only a site whose PUBLIC_URL is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://news.example.com' }).federation.enabled).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).federation.enabled).toBe(false);
    expect(loadConfig({}).federation.enabled).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000', FEDERATION: 'on' }).federation.enabled).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://news.example.com', FEDERATION: 'off' }).federation.enabled).toBe(false);
  });

  it('refuse ALLOW_PRIVATE_ADDRESSES at start-up unless PUBLIC_URL is a loopback address', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://news.example.com', ALLOW_PRIVATE_ADDRESSES: 'true' })).toThrow(ConfigError);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000', ALLOW_PRIVATE_ADDRESSES: 'true' }).federation.allowPrivateAddresses).toBe(true);
    expect(loadConfig({}).federation.allowPrivateAddresses).toBe(false);
  });
});
