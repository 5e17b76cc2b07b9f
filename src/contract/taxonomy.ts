import { z } from 'zod';

export interface CategoryNode {
  id: number;
  name: string;
  children: CategoryNode[];
}
export const CategoryNodeSchema: z.ZodType<CategoryNode> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    get children() {
      return z.array(CategoryNodeSchema);
    },
  })
  .meta({ id: 'CategoryNode' });
export const CategoryTreeSchema = z.array(CategoryNodeSchema);

export type LocationType = 'country' | 'region' | 'city';
export interface LocationNode {
  id: number;
  name: string;
  type: LocationType;
  children: LocationNode[];
}
export const LocationNodeSchema: z.ZodType<LocationNode> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(['country', 'region', 'city']),
    get children() {
      return z.array(LocationNodeSchema);
    },
  })
  .meta({ id: 'LocationNode' });
export const LocationTreeSchema = z.array(LocationNodeSchema);
