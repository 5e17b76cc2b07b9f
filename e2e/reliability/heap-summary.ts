import fs from 'node:fs';

/**
 * What a V8 heap snapshot holds, by constructor: the number of objects and their own (shallow)
 * bytes. Comparing two snapshots of the same process tells a leak (one kind of object growing
 * without bound) from a heap that merely settled at a larger size. A snapshot is taken after a full
 * garbage collection, so only live objects are in it.
 */
export interface HeapSummary {
  totalBytes: number;
  nodes: number;
  byName: Map<string, { count: number; bytes: number }>;
}

export function summarizeHeapSnapshot(file: string): HeapSummary {
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const stride = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = snapshot.snapshot.meta.node_types[0];
  const byName = new Map<string, { count: number; bytes: number }>();
  let totalBytes = 0;
  for (let i = 0; i < snapshot.nodes.length; i += stride) {
    const type = types[snapshot.nodes[i + typeAt]!]!;
    const size = snapshot.nodes[i + sizeAt]!;
    totalBytes += size;
    // Objects by constructor; strings, code, arrays and the like by their kind.
    const name = type === 'object' || type === 'closure' ? `${type}:${snapshot.strings[snapshot.nodes[i + nameAt]!]}` : `(${type})`;
    const entry = byName.get(name) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += size;
    byName.set(name, entry);
  }
  return { totalBytes, nodes: snapshot.nodes.length / stride, byName };
}

/** The kinds of object that grew most between two snapshots, in bytes. */
export function heapGrowth(before: HeapSummary, after: HeapSummary, top = 12) {
  const names = new Set([...before.byName.keys(), ...after.byName.keys()]);
  return [...names]
    .map((name) => {
      const a = before.byName.get(name) ?? { count: 0, bytes: 0 };
      const b = after.byName.get(name) ?? { count: 0, bytes: 0 };
      return { name, countBefore: a.count, countAfter: b.count, kbBefore: Math.round(a.bytes / 1024), kbAfter: Math.round(b.bytes / 1024), kbGrowth: Math.round((b.bytes - a.bytes) / 1024) };
    })
    .sort((x, y) => y.kbGrowth - x.kbGrowth)
    .slice(0, top);
}
