import { describe, expect, it } from 'vitest';
import { ANONYMOUS_VIEWS_PER_ADDRESS } from './view-address-cap.js';
import { signedInClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

/** One address adds at most 20 anonymous views per article per UTC day, whatever user agents it sends (docs/product.md#views). */
let n = 0;
const name = (prefix: string) => `${prefix}_${process.pid}_${++n}`;

describe.each(testDatabases())('anonymous views per address on %s', (kind) => {
  const t = useTestApp(kind);

  it('counts at most 20 anonymous views per address per article a day, whatever the user agent', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: name('Views'), description: 'Views' })).json();
    const article = (await author.client.post('/api/articles', { title: 'Viewed', content: '<p>Read me</p>', channelId: channel.id })).json();
    const view = (address: string, agent: string) =>
      t.app.inject({ method: 'POST', url: `/api/articles/${article.id}/view`, remoteAddress: address, headers: { 'user-agent': agent } }).then((r) => r.json());

    const counted: boolean[] = [];
    // The probe's attack: one address, a new user agent every time (it reached 300 in a minute).
    for (let i = 0; i < 60; i++) counted.push((await view('203.0.113.9', `Mozilla/5.0 (probe ${i})`)).counted);
    expect(counted.filter(Boolean)).toHaveLength(ANONYMOUS_VIEWS_PER_ADDRESS);
    expect(counted.slice(0, 20).every(Boolean)).toBe(true);
    // An IPv6 client counts per /64, so rotating within its own prefix does not help either.
    for (let i = 0; i < 30; i++) counted.push((await view(`2001:db8:1:2::${i.toString(16)}`, `agent ${i}`)).counted);
    expect(counted.filter(Boolean)).toHaveLength(2 * ANONYMOUS_VIEWS_PER_ADDRESS);
    // Other addresses and signed-in readers still count.
    expect((await view('203.0.113.10', 'Mozilla/5.0 (probe 0)')).counted).toBe(true);
    const reader = await signedInClient(t);
    const signedIn = await reader.client.request({ method: 'POST', url: `/api/articles/${article.id}/view`, remoteAddress: '203.0.113.9' });
    expect(signedIn.json()).toMatchObject({ counted: true, view_count: 2 * ANONYMOUS_VIEWS_PER_ADDRESS + 2 });
    // The counter equals its recount: a refused view leaves no row behind.
    const rows = await t.database.db.selectFrom('article_views').select((eb) => eb.fn.countAll<number>().as('n')).where('article_id', '=', article.id).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(2 * ANONYMOUS_VIEWS_PER_ADDRESS + 2);
    // No raw address is stored.
    const tallies = await t.database.db.selectFrom('article_view_addresses').select('address_key').execute();
    expect(tallies.every((row) => !row.address_key.includes('203.0.113') && !row.address_key.includes('2001:db8'))).toBe(true);
  });
});
