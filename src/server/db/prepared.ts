import type { CompiledQuery, Kysely, QueryResult } from 'kysely';

/**
 * A query built and compiled once, run with new values (issue 15). Building a Kysely query (an
 * immutable tree, frozen at every step) and compiling it to SQL cost more than running it on the
 * hot paths of every request: the session lookup, an article by id, the reader's reaction, the
 * first feed page. The query is compiled with sentinel values standing for its inputs; each run
 * puts the real values where the sentinels were, in the same statement text, which SQLite's
 * statement cache and PostgreSQL then reuse.
 */
export function prepareQuery<Row, Key extends string>(
  db: Kysely<any>,
  compiled: CompiledQuery<Row>,
  sentinels: Record<Key, number | string>,
): (values: Record<Key, unknown>) => Promise<QueryResult<Row>> {
  const bySentinel = new Map<unknown, Key>(Object.entries(sentinels).map(([key, value]) => [value, key as Key]));
  const slots = compiled.parameters.map((value) => bySentinel.get(value));
  for (const [value, key] of bySentinel) {
    if (!compiled.parameters.includes(value)) throw new Error(`prepareQuery: the sentinel for ${key} is not in the query`);
  }
  return (values) => db.executeQuery<Row>({ ...compiled, parameters: compiled.parameters.map((value, i) => (slots[i] === undefined ? value : values[slots[i]!])) });
}

/** Sentinel values unlikely to be real inputs. */
export const SENTINEL = { a: -2_000_000_001, b: -2_000_000_002, c: -2_000_000_003, text: '\u0000sentinel\u0000' } as const;
