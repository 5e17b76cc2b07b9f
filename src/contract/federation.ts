import { z } from 'zod';

/** An instance an admin blocks: `host` or `host:port`, lower case (docs/decisions/045-the-social-web.md). */
export const FederationDomainSchema = z
  .string({ error: 'domain is required' })
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/, 'domain must be a host name, optionally with :port');

/** No component name of its own: its domain is trimmed and lower-cased, so its input and output shapes differ. */
export const FederationBlockInputSchema = z.object({ domain: FederationDomainSchema });
export const FederationBlockSchema = z.object({ domain: z.string(), createdAt: z.string() }).meta({ id: 'FederationBlock' });
export type FederationBlock = z.infer<typeof FederationBlockSchema>;
export const FederationBlockListSchema = z.object({ items: z.array(FederationBlockSchema) }).meta({ id: 'FederationBlockList' });
export const FederationDomainParamsSchema = z.object({ domain: FederationDomainSchema });
