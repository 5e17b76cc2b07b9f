import { expect } from 'vitest';
import { testDatabases, TestClient, useTestApp, type DatabaseKind, type TestApp } from './test-app.js';

/**
 * Whole-shape checks of API answers: an answer is held to one snapshot, the same on every database,
 * so a field dropped from it, added to it or answered differently by one database fails a test.
 *
 * What differs between runs and databases is replaced by property matchers the snapshot prints by
 * name: an id by whose it is (`Id<user:author>`, so the snapshot also says which id belongs where),
 * a time by its form (`IsoTime`), a page cursor by its presence (`Cursor`).
 */

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An asymmetric matcher (the protocol Vitest's own expect.any follows) that the snapshot prints as its label. */
class StandIn {
  readonly $$typeof = Symbol.for('jest.asymmetricMatcher');
  constructor(
    readonly label: string,
    private readonly accepts: (value: unknown) => boolean,
  ) {}
  asymmetricMatch(value: unknown) {
    return this.accepts(value);
  }
  toString() {
    return this.label;
  }
  toAsymmetricMatcher() {
    return this.label;
  }
}

const anyTime = new StandIn('IsoTime', (value) => typeof value === 'string' && ISO_TIME.test(value));
const anyCursor = new StandIn('Cursor', (value) => typeof value === 'string' && value.length > 0);

export type IdKind = 'article' | 'user' | 'channel' | 'category' | 'image';

/** Who each id in an answer belongs to: a name per id, by kind. */
export type IdNames = Partial<Record<IdKind, Record<string, number>>>;

/** The kind of the ids in an object reached by this key (`author.id` is a user's). */
const OBJECT_KINDS: Record<string, IdKind> = {
  author: 'user',
  editor: 'user',
  channel: 'channel',
  categories: 'category',
  images: 'image',
  image: 'image',
  items: 'article',
};
/** Fields that hold another row's id. */
const ID_FIELDS: Record<string, IdKind> = { userId: 'user', channelId: 'channel' };

function idStandIn(kind: IdKind | undefined, value: unknown, names: IdNames, path: string): StandIn {
  const entries = Object.entries((kind && names[kind]) ?? {}).filter(([, id]) => id === value);
  if (!kind || entries.length !== 1) {
    throw new Error(`No single name for the ${kind ?? 'unknown'} id ${String(value)} at ${path}: name it in the test's ids`);
  }
  return new StandIn(`Id<${kind}:${entries[0]![0]}>`, (other) => other === value);
}

/** The answer with its ids, times and cursors replaced by matchers; everything else stays as it is. */
function template(value: unknown, names: IdNames, kind: IdKind | undefined, path: string): unknown {
  if (typeof value === 'string' && ISO_TIME.test(value)) return anyTime;
  if (Array.isArray(value)) return value.map((item, index) => template(item, names, kind, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      const at = `${path}.${key}`;
      if (key === 'id' && typeof field === 'number') return [key, idStandIn(kind, field, names, at)];
      if (ID_FIELDS[key] && typeof field === 'number') return [key, idStandIn(ID_FIELDS[key], field, names, at)];
      if (key === 'nextCursor' && typeof field === 'string') return [key, anyCursor];
      return [key, template(field, names, OBJECT_KINDS[key], at)];
    }),
  );
}

/** A template as plain data, each matcher by its label: what two databases' answers are compared by. */
function labelled(value: unknown): unknown {
  if (value instanceof StandIn) return `‹${value.label}›`;
  if (Array.isArray(value)) return value.map(labelled);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, labelled(field)]));
}

/** What a scenario answers: named answers (each its own snapshot) and who their ids belong to. */
export interface Answers {
  answers: Record<string, unknown>;
  ids: IdNames;
  /** The kind of the top-level `id` of each answer (article unless said). */
  rootKind?: IdKind;
}

/** One fresh app per database (SQLite, and PostgreSQL when reachable) for the enclosing describe block. */
export function useEveryDatabase(): TestApp[] {
  return testDatabases().map((kind) => useTestApp(kind));
}

/**
 * Runs `scenario` on every database in turn and holds each of its answers to one snapshot: the
 * first database's answer is the snapshot, the others must equal it matcher for matcher.
 */
export async function expectOneShapeOnEveryDatabase(apps: TestApp[], scenario: (t: TestApp) => Promise<Answers>): Promise<void> {
  const runs: { kind: DatabaseKind; templates: Record<string, unknown>; answers: Record<string, unknown> }[] = [];
  for (const t of apps) {
    const { answers, ids, rootKind = 'article' } = await scenario(t);
    const templates = Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, template(answer, ids, rootKind, name)]));
    runs.push({ kind: t.kind, templates, answers });
  }
  const [first, ...others] = runs;
  for (const [name, answer] of Object.entries(first!.answers)) expect(answer).toMatchSnapshot(first!.templates[name] as object, name);
  for (const other of others) {
    expect(labelled(other.templates), `the answers on ${other.kind} are those on ${first!.kind}`).toEqual(labelled(first!.templates));
  }
}

/** Registers `username` (fixed, so the snapshots hold it) and returns a client signed in as them. */
export async function person(t: TestApp, username: string): Promise<{ client: TestClient; id: number; username: string }> {
  const client = new TestClient(() => t.app);
  const response = await client.post('/api/register', { username, password: 'correct-horse' });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { client, id: response.json().id as number, username };
}

/** Every seeded category's id by its path ('Politics > Elections'), as articles name them. */
export async function categoryIds(t: TestApp): Promise<Record<string, number>> {
  type Node = { id: number; name: string; children?: Node[] };
  const tree = (await new TestClient(() => t.app).get('/api/categories')).json() as Node[];
  const ids: Record<string, number> = {};
  const visit = (nodes: Node[], parent: string | null) => {
    for (const node of nodes) {
      const path = parent ? `${parent} > ${node.name}` : node.name;
      ids[path] = node.id;
      visit(node.children ?? [], path);
    }
  };
  visit(tree, null);
  return ids;
}

/** The answer's JSON body, after checking its status. */
export function body(response: { statusCode: number; body: string; json: () => unknown }, status = 200): any {
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}
