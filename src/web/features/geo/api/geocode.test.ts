import { describe, expect, it } from 'vitest';
import { GEOCODE_MIN_CHARS, geocodeUrl } from './geocode';

describe('place search', () => {
  it('asks for places, regions and countries with the trimmed text', () => {
    const url = new URL(geocodeUrl('  Saint-Malo & Co '), 'http://x');
    expect(url.pathname).toBe('/api/geocode');
    expect(url.searchParams.get('q')).toBe('Saint-Malo & Co');
    expect(url.searchParams.get('types')).toBe('place,region,country');
  });

  it('starts from 2 characters', () => {
    expect(GEOCODE_MIN_CHARS).toBe(2);
  });
});
