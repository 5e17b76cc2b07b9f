import type { AppConfig } from '../../config.js';
import type { GeoFeature, GeoType, GeocodeQueryInput } from '../../../contract/geo.js';
import { HttpError } from '../../lib/errors.js';
import { cachedGeocoder } from './geocode-cache.js';
import { createOfflineGazetteer } from './offline-gazetteer.js';

export interface Geocoder {
  search(query: GeocodeQueryInput): Promise<GeoFeature[]>;
  /** Loads what the first search would otherwise wait for (the offline gazetteer). */
  warm?: () => Promise<void>;
  /** Whether that is loaded (a remote geocoder is always ready). */
  ready?: () => boolean;
}

const TIMEOUT_MS = 5000;

async function fetchJson(url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { 'user-agent': 'Broadsheet/1.0' } });
  } catch {
    throw new HttpError(502, 'The place search service is unreachable');
  }
  if (!response.ok) throw new HttpError(502, `The place search service answered ${response.status}`);
  return response.json().catch(() => {
    throw new HttpError(502, 'The place search service answered something unreadable');
  });
}

/** Mapbox answers features in the very shape the client wants; the token never leaves the server. */
function mapboxGeocoder(token: string, baseUrl = 'https://api.mapbox.com'): Geocoder {
  return {
    async search({ q, types, limit }) {
      const url = `${baseUrl}/geocoding/v5/mapbox.places/${encodeURIComponent(q)}.json?access_token=${encodeURIComponent(token)}&types=${types.join(',')}&limit=${limit}`;
      const body = (await fetchJson(url)) as { features?: { id: string; text: string; place_name: string; place_type?: string[]; center: [number, number] }[] };
      return (body.features ?? []).map((f) => ({
        id: f.id,
        text: f.text,
        place_name: f.place_name,
        place_type: (f.place_type ?? ['place']).filter((t): t is GeoType => t === 'place' || t === 'region' || t === 'country'),
        center: f.center,
      }));
    },
  };
}

/** Nominatim (or Photon's Nominatim-compatible endpoint), mapped into Mapbox-shaped features. */
function nominatimGeocoder(baseUrl: string): Geocoder {
  const typeOf = (addresstype: string | undefined): GeoType =>
    addresstype === 'country' ? 'country' : addresstype === 'state' || addresstype === 'region' || addresstype === 'province' ? 'region' : 'place';
  return {
    async search({ q, types, limit }) {
      const url = `${baseUrl.replace(/\/$/, '')}/search?format=jsonv2&q=${encodeURIComponent(q)}&limit=${limit}`;
      const body = (await fetchJson(url)) as { place_id: number; name?: string; display_name: string; lat: string; lon: string; addresstype?: string }[];
      return (Array.isArray(body) ? body : [])
        .map((p) => ({
          id: `nominatim.${p.place_id}`,
          text: p.name || p.display_name.split(',')[0]!,
          place_name: p.display_name,
          place_type: [typeOf(p.addresstype)],
          center: [Number(p.lon), Number(p.lat)] as [number, number],
        }))
        .filter((f) => types.includes(f.place_type[0]!));
    },
  };
}

/**
 * The configured geocoder. An upstream one (Mapbox, Nominatim) has its answers reused for
 * `cache.ttlMs` (geocode-cache.ts); the offline gazetteer answers from memory and needs none.
 */
export function createGeocoder(config: AppConfig['geocoder'], cache?: AppConfig['geocoding']): Geocoder {
  const cached = (geocoder: Geocoder) => (cache && cache.cacheTtlMs > 0 ? cachedGeocoder(geocoder, { ttlMs: cache.cacheTtlMs, max: cache.cacheEntries }) : geocoder);
  if (config.kind === 'mapbox') return cached(mapboxGeocoder(config.token, config.apiUrl));
  if (config.kind === 'nominatim') return cached(nominatimGeocoder(config.url));
  const gazetteer = createOfflineGazetteer();
  return { search: ({ q, types, limit }) => gazetteer.search(q, types, limit), warm: gazetteer.warm, ready: gazetteer.isLoaded };
}
