import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { parseBootstrapData, seedQueryCache } from './bootstrap';

const user = { id: 3, username: 'ann', description: null, isAdmin: false, hasPassword: true, createdAt: '2026-11-21T12:00:00.000Z' };

describe('parseBootstrapData', () => {
  it('reads the user and the sign-in options', () => {
    expect(parseBootstrapData(JSON.stringify({ user, providers: { google: true } }))).toEqual({ user, providers: { google: true } });
    expect(parseBootstrapData(JSON.stringify({ user: null, providers: { google: false } }))).toEqual({
      user: null,
      providers: { google: false },
    });
  });

  it('gives nothing without a block or for a broken one', () => {
    expect(parseBootstrapData(null)).toEqual({});
    expect(parseBootstrapData('')).toEqual({});
    expect(parseBootstrapData('{not json')).toEqual({});
    expect(parseBootstrapData('[1,2]')).toEqual({});
  });

  it('leaves out a part with the wrong shape, so it is fetched instead', () => {
    expect(parseBootstrapData(JSON.stringify({ user: { name: 'x' }, providers: { google: 'yes' } }))).toEqual({});
    expect(parseBootstrapData(JSON.stringify({ providers: { google: true } }))).toEqual({ providers: { google: true } });
  });
});

describe('seedQueryCache', () => {
  it('seeds the session and sign-in options under their query keys', () => {
    const queryClient = new QueryClient();
    seedQueryCache(queryClient, { user: null, providers: { google: false } });
    expect(queryClient.getQueryState(['/api/user'])?.status).toBe('success');
    expect(queryClient.getQueryData(['/api/user'])).toBeNull();
    expect(queryClient.getQueryData(['/api/auth/providers'])).toEqual({ google: false });
  });

  it('seeds nothing it was not given', () => {
    const queryClient = new QueryClient();
    seedQueryCache(queryClient, {});
    expect(queryClient.getQueryState(['/api/user'])).toBeUndefined();
  });
});
