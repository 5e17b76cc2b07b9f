import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

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

const NUMBER_SLOT = -2_000_001_000;
const textSlot = (i: number) => `\u0000slot ${i}\u0000`;
const compiledByAdapter = new WeakMap<object, Map<string, { compiled: CompiledQuery; slots: (number | undefined)[] }>>();

/**
 * Runs the statement `build` makes with these values, built and compiled once per key and dialect
 * (the key names the statement's shape: everything but the values). For statements built inside a
 * transaction or whose shape varies a little (which figures an upsert adds): `build` gets a
 * placeholder for each value, which each run replaces with the real one.
 */
export async function runPrepared(db: Kysely<any>, key: string, values: readonly (number | string)[], build: (placeholders: any[]) => Compilable): Promise<QueryResult<unknown>> {
  const adapter = db.getExecutor().adapter;
  let cache = compiledByAdapter.get(adapter);
  if (!cache) compiledByAdapter.set(adapter, (cache = new Map()));
  let entry = cache.get(key);
  if (!entry) {
    const placeholders = values.map((v, i) => (typeof v === 'number' ? NUMBER_SLOT - i : textSlot(i)));
    const compiled = build(placeholders).compile();
    const slots = compiled.parameters.map((p) => {
      const i = placeholders.indexOf(p as number | string);
      return i === -1 ? undefined : i;
    });
    if (new Set(slots.filter((s) => s !== undefined)).size !== values.length) throw new Error(`runPrepared(${key}): a value is missing from the statement`);
    entry = { compiled, slots };
    cache.set(key, entry);
  }
  const { compiled, slots } = entry;
  return db.executeQuery({ ...compiled, parameters: compiled.parameters.map((p, i) => (slots[i] === undefined ? p : values[slots[i]!])) });
}
