import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { categoryMatcher, usernameBase } from './import-job.js';
import { isOwnedPath, PAGE_FIRST_SEGMENTS, redirectKey } from './redirect-paths.js';

describe('old addresses an import may redirect', () => {
  it('never claims a path one of our pages answers', () => {
    const router = fs.readFileSync('src/web/app/router.tsx', 'utf8');
    const firsts = new Set([...router.matchAll(/path: '([^':*][^'/]*)/g)].map((match) => match[1]!));
    for (const first of firsts) expect(PAGE_FIRST_SEGMENTS.has(first), `router path ${first}`).toBe(true);
    expect(isOwnedPath('/')).toBe(true);
    expect(isOwnedPath('/articles/some-slug-4')).toBe(true);
    expect(isOwnedPath('/API/anything')).toBe(true);
    expect(isOwnedPath('/2024/05/17/budget-vote-passes/')).toBe(false);
    expect(isOwnedPath('/p/budget-vote-passes')).toBe(false);
  });

  it("keeps WordPress's ?p= alone as a query, and drops every other query", () => {
    expect(redirectKey('/?p=101')).toBe('/?p=101');
    expect(redirectKey('/?p=101&utm_source=x')).toBeNull();
    expect(redirectKey('/?s=harbour')).toBeNull();
    expect(redirectKey('/2024/05/17/slug/?utm_source=x')).toBe('/2024/05/17/slug/');
    expect(redirectKey('//evil.example/')).toBeNull();
  });
});

describe('what an import makes of names', () => {
  it('derives usernames within our rule', () => {
    expect(usernameBase({ slug: 'ada', name: 'Ada Reporter', email: null })).toBe('ada');
    expect(usernameBase({ slug: null, name: 'Zoë Ünder', email: null })).toBe('Zoe-Under');
    expect(usernameBase({ slug: '12', name: '', email: 'x1@example.org' })).toBe('author');
    expect(usernameBase({ slug: null, name: '', email: 'mira.quay@example.org' })).toBe('mira.quay');
  });

  it('matches categories by name or path ignoring case, the first three in order', () => {
    const match = categoryMatcher(new Map([[1, 'Politics'], [2, 'Politics > Courts'], [3, 'Science > Space'], [4, 'Business > Economy']]));
    expect(match(['courts', 'Ferries', 'SCIENCE > SPACE', 'Economy', 'politics'])).toEqual({ ids: [2, 3, 4], unmatched: ['Ferries'], dropped: ['politics'] });
  });
});
