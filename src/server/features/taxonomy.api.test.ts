import { describe, expect, it } from 'vitest';
import type { CategoryNode, LocationNode } from '../../contract/taxonomy.js';
import { TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

function depth(nodes: { children: unknown[] }[]): number {
  return nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((n) => depth(n.children as { children: unknown[] }[])));
}
function count(nodes: { children: unknown[] }[]): number {
  return nodes.reduce((sum, n) => sum + 1 + count(n.children as { children: unknown[] }[]), 0);
}
function siblingsUnique(nodes: CategoryNode[]): boolean {
  const names = nodes.map((n) => n.name.toLowerCase());
  return new Set(names).size === names.length && nodes.every((n) => siblingsUnique(n.children));
}

describe.each(testDatabases())('categories and locations on %s', (kind) => {
  const t = useTestApp(kind);

  it('serves a three-level category tree of a real newsroom, siblings unique', async () => {
    const response = await new TestClient(() => t.app).get('/api/categories');
    expect(response.statusCode).toBe(200);
    const tree = response.json() as CategoryNode[];
    expect(depth(tree)).toBe(3);
    expect(count(tree)).toBeGreaterThanOrEqual(60);
    expect(siblingsUnique(tree)).toBe(true);
    expect(tree.map((n) => n.name)).toEqual(expect.arrayContaining(['Politics', 'Sports', 'Technology', 'Other']));
  });

  it('serves countries > regions > cities', async () => {
    const tree = (await new TestClient(() => t.app).get('/api/locations')).json() as LocationNode[];
    expect(tree.every((country) => country.type === 'country')).toBe(true);
    expect(tree.flatMap((c) => c.children).every((region) => region.type === 'region')).toBe(true);
    expect(tree.flatMap((c) => c.children).flatMap((r) => r.children).every((city) => city.type === 'city')).toBe(true);
    const uk = tree.find((c) => c.name === 'United Kingdom');
    expect(uk?.children.find((r) => r.name === 'England')?.children.map((c) => c.name)).toContain('London');
  });
});
