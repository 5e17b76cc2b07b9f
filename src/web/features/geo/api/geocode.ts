import { useQuery } from '@tanstack/react-query';
import type { GeocodeResult } from '@contract/geo';
import { API_HEADERS } from '@/lib/api-client';

/** Search from 2 characters, places, regions and countries (docs/product.md#writing). */
export const GEOCODE_MIN_CHARS = 2;
export const GEOCODE_TYPES = 'place,region,country';

export function geocodeUrl(query: string): string {
  return `/api/geocode?${new URLSearchParams({ q: query.trim(), types: GEOCODE_TYPES }).toString()}`;
}

/** A failed search reads as the server's error text, else the HTTP status, else 'An error occurred' (docs/product.md#writing). */
export class GeocodeError extends Error {}

async function fetchPlaces(url: string, signal: AbortSignal): Promise<GeocodeResult> {
  let response: Response;
  try {
    response = await fetch(url, { headers: API_HEADERS, credentials: 'include', signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new GeocodeError('An error occurred');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new GeocodeError(typeof body?.error === 'string' && body.error ? body.error : String(response.status));
  }
  return (await response.json()) as GeocodeResult;
}

/** Places matching `query` (already debounced by the caller); nothing is asked under 2 characters. */
export function useGeocode(query: string) {
  const enabled = query.trim().length >= GEOCODE_MIN_CHARS;
  const url = geocodeUrl(query);
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => fetchPlaces(url, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
