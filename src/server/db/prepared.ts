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
): (values: Record<Key, unknown>, on?: Kysely<any>) => Promise<QueryResult<Row>> {
  const bySentinel = new Map<unknown, Key>(Object.entries(sentinels).map(([key, value]) => [value, key as Key]));
  const slots = compiled.parameters.map((value) => bySentinel.get(value));
  for (const [value, key] of bySentinel) {
    if (!compiled.parameters.includes(value)) throw new Error(`prepareQuery: the sentinel for ${key} is not in the query`);
  }
  // `on`: a transaction to run in (a compiled query belongs to no connection, only to its dialect).
  return (values, on = db) => on.executeQuery<Row>({ ...compiled, parameters: compiled.parameters.map((value, i) => (slots[i] === undefined ? value : values[slots[i]!])) });
}

/** Sentinel values unlikely to be real inputs. */
export const SENTINEL = { a: -2_000_000_001, b: -2_000_000_002, c: -2_000_000_003, d: -2_000_000_004, text: '\u0000sentinel\u0000' } as const;

/** The n-th of a run of numeric sentinels, for queries whose inputs vary in number with their shape. */
export const sentinelNumber = (n: number) => -2_000_000_100 - n;

/**
 * Queries that come in a few shapes (which counters a write moves, say), each compiled once the
 * first time it is needed and kept by its shape's key. The key must name everything that changes
 * the SQL, the dialect included when one cache serves both databases.
 */
export function preparedShapes<Run>() {
  const shapes = new Map<string, Run>();
  return (key: string, prepare: () => Run): Run => {
    let run = shapes.get(key);
    if (!run) shapes.set(key, (run = prepare()));
    return run;
  };
}
