import { z } from 'zod';
import type { PagePreferences, PageState } from './pages.js';

/** The preferences a page is rendered with (see PagePreferences in pages.ts). */
export const PagePreferencesSchema = z.object({
  theme: z.enum(['light', 'dark']),
  showImages: z.boolean(),
  timeZone: z.string().min(1).max(64),
  renderedAt: z.number().int().nonnegative(),
  selectedChannelId: z.number().int().positive().nullable(),
});

/** The page's embedded state (see PageState in pages.ts): preferences, the dehydrated query cache and the router's hydration data. */
export const PageStateSchema = z.object({
  preferences: PagePreferencesSchema,
  queries: z.object({ queries: z.array(z.object({ queryKey: z.array(z.unknown()), state: z.object({ data: z.unknown() }) })), mutations: z.array(z.unknown()) }),
  router: z
    .object({
      loaderData: z.record(z.string(), z.unknown()),
      actionData: z.record(z.string(), z.unknown()).nullable(),
      errors: z.record(z.string(), z.unknown()).nullable(),
    })
    .nullable(),
});

// The interfaces the browser uses (without zod) and the schemas stay one shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const preferencesAgree: Same<z.infer<typeof PagePreferencesSchema>, PagePreferences> = true;
const stateAgrees: z.infer<typeof PageStateSchema> extends PageState ? true : false = true;
void preferencesAgree;
void stateAgrees;
