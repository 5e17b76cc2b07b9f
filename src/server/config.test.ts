import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('runs with no variables at all: SQLite in ./data, port 3000, demo content on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'sqlite', file: expect.stringMatching(/data[/\\]broadsheet\.db$/) });
    expect(config.seedDemo).toBe(true);
    expect(config.oidc).toBeUndefined();
    expect(config.geocoder).toEqual({ kind: 'offline' });
  });

  it('selects PostgreSQL, admins and Google sign-in from the environment', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/news',
      ADMIN_USERNAMES: ' alice, bob ,,',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://news.example.com/',
      SEED_DEMO: 'false',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/news' });
    expect(config.adminUsernames).toEqual(['alice', 'bob']);
    expect(config.oidc).toEqual({ clientId: 'id', clientSecret: 'secret', issuer: 'https://accounts.google.com' });
    expect(config.publicUrl).toBe('https://news.example.com');
    expect(config.seedDemo).toBe(false);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', EMAIL_WEBHOOK_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT: must be a port number/);
    expect(message).toMatch(/DATABASE_URL: must start with postgres:\/\//);
    expect(message).toMatch(/SEED_DEMO: must be true or false/);
    // A guessable webhook token would let anyone stop mail to any address.
    expect(message).toMatch(/EMAIL_WEBHOOK_SECRET: must be at least 24 characters/);
  });

  it('limits reactions and comments per reader, never above the write limit', () => {
    expect(loadConfig({}).rateLimits).toEqual({ auth: 10, write: 300, reaction: 60, comment: 20 });
    expect(loadConfig({ REACTION_RATE_LIMIT: '600', COMMENT_RATE_LIMIT: '5' }).rateLimits).toMatchObject({ reaction: 300, comment: 5 });
    expect(loadConfig({ WRITE_RATE_LIMIT: '10' }).rateLimits).toMatchObject({ write: 10, reaction: 10, comment: 10 });
    expect(() => loadConfig({ REACTION_RATE_LIMIT: '0' })).toThrow(/REACTION_RATE_LIMIT/);
  });

  it('refuses half a Google configuration', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });
});

describe('TRUST_PROXY ranges', () => {
  it('accepts the networks proxies live in', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,172.16.0.0/12,fd00::/32,2001:db8::/48,::ffff:10.0.0.0/104' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '172.16.0.0/12',
      'fd00::/32',
      '2001:db8::/48',
      '::ffff:10.0.0.0/104',
    ]);
  });

  it.each(['0.0.0.0/1,128.0.0.0/1', '0.0.0.0/0', '::/0', '2000::/3', '10.0.0.0/7', '::ffff:0.0.0.0/96'])(
    'refuses %s, which trusts nearly every client, with a message rather than a stack trace',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .* wider than a network of proxies \(at most \/8 for IPv4, \/32 for IPv6\)/);
    },
  );
});
