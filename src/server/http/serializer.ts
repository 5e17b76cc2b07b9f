import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

type Serialize = (data: unknown) => string;

function zodOf(schema: unknown): $ZodType | undefined {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? properties : undefined;
}

const isNullType = (schema: unknown) => (schema as { type?: unknown } | null)?.type === 'null' && Object.keys(schema as object).length === 1;

/**
 * zod writes a nullable value as `anyOf: [schema, { type: 'null' }]`, and fast-json-stringify picks
 * an anyOf branch by running an ajv validator over the value: for a feed page, about ten validations
 * per card, one of them over the whole first image. `nullable: true` on the schema itself writes the
 * same JSON after one `=== null` check. Only the two-branch form is rewritten; any other anyOf is
 * left to the validator.
 */
export function nullableInsteadOfAnyOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableInsteadOfAnyOf);
  if (!schema || typeof schema !== 'object') return schema;
  const rewritten: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) rewritten[key] = nullableInsteadOfAnyOf(value);
  const { anyOf, ...siblings } = rewritten;
  const nullAt = Array.isArray(anyOf) && anyOf.length === 2 ? anyOf.findIndex(isNullType) : -1;
  if (nullAt === -1) return rewritten;
  const other = (anyOf as Record<string, unknown>[])[1 - nullAt]!;
  const simple = typeof other === 'object' && (typeof other.type === 'string' || typeof other.$ref === 'string') && !other.anyOf && !other.oneOf && !other.allOf;
  return simple ? { ...siblings, ...other, nullable: true } : rewritten;
}

/**
 * Response serialization. The contract's zod schemas stay the documentation (OpenAPI)
 * and the definition of every answer; each is compiled once into a fast-json-stringify function
 * from its JSON Schema, which writes only the declared fields (like zod's stripping) without
 * building a validated copy of the answer first. Encoding with zod and then JSON.stringify cost
 * about four times as much as the stringify alone on a feed page.
 *
 * With `verify` (tests and development), every answer is also checked against its zod schema and
 * a mismatch is the same ResponseSerializationError as before, so the contract tests still prove
 * the shapes. A schema fast-json-stringify cannot take falls back to the zod serializer.
 */
export function createResponseSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<unknown> {
  const compiled = new WeakMap<object, Serialize>();
  return (routeSchema) => {
    const { schema, method, url } = routeSchema as { schema: unknown; method: string; url: string };
    const zod = zodOf(schema);
    if (!zod) return zodSerializerCompiler(routeSchema as never) as Serialize;
    let fast = compiled.get(zod);
    if (!fast) {
      try {
        const json = z.toJSONSchema(zod as z.ZodType, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
        fast = fastJson(nullableInsteadOfAnyOf(json) as never) as Serialize;
      } catch {
        fast = zodSerializerCompiler(routeSchema as never) as Serialize;
      }
      compiled.set(zod, fast);
    }
    if (!options.verify) return fast;
    const write = fast;
    return (data: unknown) => {
      const checked = safeEncode(zod, data);
      if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
      return write(data);
    };
  };
}
