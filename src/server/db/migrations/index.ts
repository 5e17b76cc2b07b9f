import type { Migration } from 'kysely';
import * as initialSchema from './2026_11_21_1200_initial_schema.js';
import * as viewAddressTally from './2026_11_25_0160_view_address_tally.js';

/**
 * Every migration, by name. Listed statically (not read from the folder) so the bundled
 * server carries them; names sort in the order they must run.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_1200_initial_schema': initialSchema,
  '2026_11_25_0160_view_address_tally': viewAddressTally,
};
