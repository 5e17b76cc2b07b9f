import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, useTestApp } from '../../../test-support/test-app.js';
import { createGeocoder } from './geocoder.js';
import { createOfflineGazetteer } from './offline-gazetteer.js';

describe('the offline gazetteer warmed at start', () => {
  it('loads off the main thread, then answers without loading', async () => {
    const gazetteer = createOfflineGazetteer();
    expect(gazetteer.isLoaded()).toBe(false);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    await gazetteer.warm();
    clearInterval(ticker);
    // The event loop kept turning while the cities were decoded.
    expect(ticks).toBeGreaterThan(5);
    expect(gazetteer.isLoaded()).toBe(true);
    expect((await gazetteer.search('lisbon', ['place'], 5))[0]).toMatchObject({ place_name: 'Lisbon, Portugal' });
  });
});

describe('place search with the offline gazetteer', () => {
  const t = useTestApp('sqlite');
  const search = async (query: string) => (await new TestClient(() => t.app).get(`/api/geocode?${query}`));

  it('answers Mapbox-shaped features, exact names first and bigger places first', async () => {
    const response = await search('q=london');
    expect(response.statusCode).toBe(200);
    const features = response.json().features;
    expect(features[0]).toMatchObject({ text: 'London', place_name: 'London, United Kingdom', place_type: ['place'] });
    expect(features[0].center[0]).toBeCloseTo(-0.13, 1);
    expect(features[0].center[1]).toBeCloseTo(51.5, 1);
    const exact = features.filter((f: { text: string }) => f.text === 'London');
    expect(exact.length).toBeGreaterThan(1);
    expect(features.indexOf(exact.at(-1))).toBeLessThan(features.findIndex((f: { text: string }) => f.text !== 'London') >>> 0);
  });

  it('ignores accents and case, and finds regions and countries', async () => {
    expect((await search('q=SAO%20PAULO')).json().features[0].text).toBe('São Paulo');
    const kenya = (await search('q=kenya&types=country')).json().features;
    expect(kenya).toEqual([expect.objectContaining({ id: 'country.KE', place_type: ['country'] })]);
    const bavaria = (await search('q=bavaria&types=region')).json().features[0];
    expect(bavaria).toMatchObject({ place_type: ['region'], place_name: 'Bavaria, Germany' });
  });

  it('ranks a great city before the smaller regions that share its first letters', async () => {
    const features = (await search('q=Lond')).json().features;
    expect(features[0]).toMatchObject({ text: 'London', place_name: 'London, United Kingdom', place_type: ['place'] });
    // Towns bigger than a borough come before the boroughs named after London.
    const firstBorough = features.findIndex((f: { text: string }) => f.text.startsWith('London Borough of'));
    const londrina = features.findIndex((f: { text: string }) => f.text === 'Londrina');
    expect(londrina).toBeGreaterThan(0);
    if (firstBorough !== -1) expect(londrina).toBeLessThan(firstBorough);
  });

  it('ranks prefixes after exact matches', async () => {
    const names = (await search('q=paris&types=place')).json().features.map((f: { text: string }) => f.text);
    expect(names[0]).toBe('Paris');
    expect(names.slice(names.lastIndexOf('Paris') + 1).every((n: string) => n !== 'Paris')).toBe(true);
  });

  it.each(['q=a', '', 'q=paris&types=planet', `q=${'x'.repeat(101)}`])('refuses %s with 400', async (query) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBeTruthy();
  });
});

describe('place search through a Nominatim-compatible service', () => {
  let server: http.Server;
  let url = '';
  let answer: (res: http.ServerResponse) => void = () => {};
  beforeAll(async () => {
    server = http.createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('maps results to features, and a failing or missing service to a readable 502', async () => {
    const geocoder = createGeocoder({ kind: 'nominatim', url });
    answer = (res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify([{ place_id: 7, name: 'Leeds', display_name: 'Leeds, West Yorkshire, England', lat: '53.8', lon: '-1.55', addresstype: 'city' }]));
    };
    expect(await geocoder.search({ q: 'leeds', types: ['place'], limit: 5 })).toEqual([
      { id: 'nominatim.7', text: 'Leeds', place_name: 'Leeds, West Yorkshire, England', place_type: ['place'], center: [-1.55, 53.8] },
    ]);
    answer = (res) => {
      res.statusCode = 503;
      res.end('down');
    };
    await expect(geocoder.search({ q: 'leeds', types: ['place'], limit: 5 })).rejects.toMatchObject({ statusCode: 502 });
    const unreachable = createGeocoder({ kind: 'nominatim', url: 'http://127.0.0.1:1' });
    await expect(unreachable.search({ q: 'leeds', types: ['place'], limit: 5 })).rejects.toMatchObject({
      statusCode: 502,
      message: 'The place search service is unreachable',
    });
  });
});
