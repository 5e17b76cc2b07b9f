import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, hashQueryKey } from './query-client';

describe('the query key hash', () => {
  it.each([
    [['/api/articles/12']],
    [['/api/user/channels']],
    [['/api/articles/12', 3, true, null]],
    [['/api/articles', undefined, 'x']],
    [['quote " and \\ backslash', 'ünïcödé \u2028']],
    [['/api/articles', { scope: 'all', limit: 20, categories: [3, 1] }]],
    [['/api/articles', { limit: 20, scope: 'all' }, 'after']],
    [[{ b: { d: 1, c: 2 }, a: [{ z: 1, y: 2 }] }]],
    [[]],
  ])('is the string TanStack would make for %j', (key) => {
    expect(hashQueryKey(key)).toBe(hashKey(key));
  });

  it('finds data set under a key by an equal key written with its object keys in another order', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['/api/articles', { scope: 'all', limit: 20 }], 'feed');
    queryClient.setQueryData(['/api/articles/7'], 'article');
    expect(queryClient.getQueryData(['/api/articles', { limit: 20, scope: 'all' }])).toBe('feed');
    expect(queryClient.getQueryData(['/api/articles/7'])).toBe('article');
    expect(queryClient.getQueryCache().find({ queryKey: ['/api/articles/7'], exact: true })?.state.data).toBe('article');
  });
});
