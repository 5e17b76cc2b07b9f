import { z } from 'zod';

export const GEO_TYPES = ['place', 'region', 'country'] as const;
export type GeoType = (typeof GEO_TYPES)[number];

export const GeocodeQuerySchema = z.object({
  q: z.string({ error: 'q is required' }).trim().min(2, 'q must be at least 2 characters').max(100, 'q must be at most 100 characters'),
  types: z
    .string()
    .default('place,region,country')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(GEO_TYPES, { error: 'types must list place, region or country' })).min(1)),
  limit: z.coerce.number().int().min(1).max(10).default(8),
});
export type GeocodeQueryInput = z.output<typeof GeocodeQuerySchema>;

/** A Mapbox-shaped feature (docs/product.md#api), whichever geocoder answered. */
export const GeoFeatureSchema = z
  .object({
    id: z.string(),
    text: z.string(),
    place_name: z.string(),
    place_type: z.array(z.enum(GEO_TYPES)),
    center: z.tuple([z.number(), z.number()]),
  })
  .meta({ id: 'GeoFeature' });
export type GeoFeature = z.infer<typeof GeoFeatureSchema>;

export const GeocodeResultSchema = z.object({ features: z.array(GeoFeatureSchema) }).meta({ id: 'GeocodeResult' });
export type GeocodeResult = z.infer<typeof GeocodeResultSchema>;
