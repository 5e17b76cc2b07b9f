import type { CategoryNode } from '@contract/taxonomy';
import { LIMITS } from '@contract/limits';

/** A picked category (docs/product.md#writing): its id and its path of names joined by ' > '. */
export interface PickedCategory {
  id: number;
  name: string;
}

/** One selectable entry of the tree: the node's own name, its full path and its depth (1 to 3). */
export interface CategoryEntry extends PickedCategory {
  label: string;
  depth: number;
}

export const CATEGORY_PATH_SEPARATOR = ' > ';

/**
 * Drops sibling categories whose names repeat ignoring case (the first one stays) and anything
 * below the third level (docs/product.md#writing and #limits).
 */
export function normalizeCategoryTree(nodes: CategoryNode[], depth = 1): CategoryNode[] {
  if (depth > LIMITS.categoryDepth) return [];
  const seen = new Set<string>();
  const result: CategoryNode[] = [];
  for (const node of nodes) {
    const key = node.name.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ ...node, children: normalizeCategoryTree(node.children ?? [], depth + 1) });
  }
  return result;
}

/** Every node of the (normalized) tree, depth first, with its path joined by ' > '. */
export function flattenCategoryTree(nodes: CategoryNode[], parents: string[] = []): CategoryEntry[] {
  return nodes.flatMap((node) => {
    const path = [...parents, node.name];
    return [
      { id: node.id, name: path.join(CATEGORY_PATH_SEPARATOR), label: node.name, depth: path.length },
      ...flattenCategoryTree(node.children ?? [], path),
    ];
  });
}

/**
 * Category search (docs/product.md#writing): a case-insensitive substring match on the category's name
 * or path; exact name matches first, then names (the entry's own, not its parents') starting with the
 * text, then the rest, each group
 * alphabetical by path; at most 10 results. An empty query finds nothing.
 */
export function searchCategories(entries: CategoryEntry[], query: string, limit: number = LIMITS.categorySearchResults): CategoryEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const rank = (entry: CategoryEntry) => {
    const label = entry.label.toLowerCase();
    if (label === q || entry.name.toLowerCase() === q) return 0;
    if (label.startsWith(q)) return 1;
    return 2;
  };
  return entries
    .filter((entry) => entry.name.toLowerCase().includes(q))
    .map((entry) => ({ entry, rank: rank(entry) }))
    .sort((a, b) => a.rank - b.rank || a.entry.name.localeCompare(b.entry.name, 'en', { sensitivity: 'base' }))
    .slice(0, limit)
    .map(({ entry }) => entry);
}

/**
 * Adds a category to the selection: already picked, nothing changes; a fourth drops the oldest
 * (docs/product.md#writing: at most 3, adding more drops the oldest).
 */
export function addCategory(selected: PickedCategory[], category: PickedCategory, max: number = LIMITS.categoriesPerArticle): PickedCategory[] {
  if (selected.some((c) => c.id === category.id)) return selected;
  const next = [...selected, { id: category.id, name: category.name }];
  return next.length > max ? next.slice(next.length - max) : next;
}

export function removeCategory(selected: PickedCategory[], id: number): PickedCategory[] {
  return selected.filter((c) => c.id !== id);
}

/** The leaf name of a path ('Business > Markets' → 'Markets'). */
export function categoryLeafName(path: string): string {
  const parts = path.split(CATEGORY_PATH_SEPARATOR);
  return parts[parts.length - 1]!.trim();
}

/**
 * The ids sent to the server: a category named 'Other' is sent as empty, and ids that are not
 * numbers (such as 'no-categories') are left out (docs/product.md#writing).
 */
export function categoryIdsForSubmit(selected: { id: number | string; name: string }[]): number[] {
  return selected
    .filter((c) => categoryLeafName(c.name).toLowerCase() !== 'other')
    .map((c) => (typeof c.id === 'number' ? c.id : Number(c.id)))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}
