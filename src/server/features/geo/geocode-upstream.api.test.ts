import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, TestClient, useTestApp } from '../../../test-support/test-app.js';
import { GEOCODE_SIGN_IN_MESSAGE } from './geocode.routes.js';

/** A stand-in for Mapbox's geocoding API that counts what reaches it. */
function fakeMapbox() {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const query = decodeURIComponent(/places\/([^.]*)\.json/.exec(req.url ?? '')?.[1] ?? '');
    seen.push(query);
    // A little slower than a cache, as a real upstream is: concurrent repeats arrive while it works.
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ features: [{ id: `place.${seen.length}`, text: query, place_name: `${query}, Somewhere`, place_type: ['place'], center: [1, 2] }] }));
    }, 30);
  });
  return { server, seen };
}

/**
 * Place search through an upstream that costs money per request (Mapbox). Before: 200 distinct
 * anonymous searches and 50 repeats of one all went upstream. Now: signed-in users only, at most
 * GEOCODE_RATE_LIMIT searches a minute each, and an answer reused for GEOCODE_CACHE_HOURS.
 */
describe('place search through Mapbox', () => {
  const mapbox = fakeMapbox();
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => mapbox.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(mapbox.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => mapbox.server.close(() => resolve())));
  const t = useTestApp('sqlite', {
    get MAPBOX_TOKEN() {
      return 'pk.test';
    },
    get MAPBOX_API_URL() {
      return url;
    },
    GEOCODE_RATE_LIMIT: '20',
  });

  it('needs a session', async () => {
    const anonymous = await new TestClient(() => t.app).get('/api/geocode?q=lisbon');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: GEOCODE_SIGN_IN_MESSAGE });
    expect(mapbox.seen).toEqual([]);
  });

  it('asks upstream once for a search repeated, at once or later, whatever its case and spacing', async () => {
    const { client } = await signedInClient(t, 'mapper');
    const first = await Promise.all(Array.from({ length: 10 }, () => client.get('/api/geocode?q=Lisbon')));
    expect(first.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(first[0]!.json().features[0]).toMatchObject({ text: 'Lisbon', place_name: 'Lisbon, Somewhere' });
    expect(first[0]!.headers['cache-control']).toBe('private, no-store');
    const other = await signedInClient(t, 'mapper');
    for (const q of ['lisbon', '%20LISBON%20', 'Lisbon', 'lisbon']) expect((await other.client.get(`/api/geocode?q=${q}`)).statusCode).toBe(200);
    expect(mapbox.seen.filter((q) => q.toLowerCase() === 'lisbon')).toHaveLength(1);
  });

  it('limits each user to GEOCODE_RATE_LIMIT searches a minute', async () => {
    const { client } = await signedInClient(t, 'sprayer');
    const before = mapbox.seen.length;
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await client.get(`/api/geocode?q=town${i}`)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    expect(mapbox.seen.length - before).toBe(20);
    // Another user is not held by it.
    expect((await (await signedInClient(t, 'neighbour')).client.get('/api/geocode?q=porto')).statusCode).toBe(200);
  });
});

describe('place search through a self-hosted Nominatim', () => {
  const upstream = http.createServer((_req, res) => {
    hits++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify([{ place_id: 1, name: 'Leeds', display_name: 'Leeds, England', lat: '53.8', lon: '-1.55', addresstype: 'city' }]));
  });
  let hits = 0;
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));
  const t = useTestApp('sqlite', {
    get GEOCODER_URL() {
      return url;
    },
    GEOCODE_RATE_LIMIT: '10',
  });

  it('answers anonymous readers, per address within the limit, from the cache after the first time', async () => {
    const reader = new TestClient(() => t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await reader.get('/api/geocode?q=leeds')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    expect(hits).toBe(1);
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/geocode?q=leeds', remoteAddress: '10.11.12.13' });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['cache-control']).toBe('public, max-age=86400');
  });
});
