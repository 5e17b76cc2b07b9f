import { LRUCache } from 'lru-cache';
import type { GeoFeature, GeocodeQueryInput } from '../../../contract/geo.js';
import type { Geocoder } from './geocoder.js';

export interface GeocodeCacheOptions {
  /** How long an answer is reused. */
  ttlMs: number;
  /** How many distinct searches are kept (least recently used go first). */
  max: number;
}

/**
 * Answers of an upstream geocoder (Mapbox bills per request; a self-hosted Nominatim has its own
 * capacity), reused for the same search: the same words (case and spacing aside), types and limit.
 * A search already on its way upstream is shared by everyone who asks meanwhile, so fifty readers
 * typing the same place send one request. Failures are not kept: the next search asks again.
 */
export function cachedGeocoder(geocoder: Geocoder, options: GeocodeCacheOptions): Geocoder {
  const answers = new LRUCache<string, Promise<GeoFeature[]>>({ max: options.max, ttl: options.ttlMs });
  const keyOf = ({ q, types, limit }: GeocodeQueryInput) => JSON.stringify([q.toLowerCase().replace(/\s+/g, ' ').trim(), [...types].sort(), limit]);
  return {
    ...geocoder,
    search(query) {
      const key = keyOf(query);
      let answer = answers.get(key);
      if (!answer) {
        answer = geocoder.search(query);
        answers.set(key, answer);
        answer.catch(() => {
          if (answers.peek(key) === answer) answers.delete(key);
        });
      }
      return answer;
    },
  };
}
