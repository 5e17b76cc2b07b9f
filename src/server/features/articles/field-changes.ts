import { ARTICLE_FIELD_NAMES, ARTICLE_FIELDS, fieldDiffers, type ArticleFields, type ArticlePlace } from '../../../contract/article-fields.js';
import type { RevisionFieldChange } from '../../../contract/revisions.js';

type Saved = Omit<ArticleFields, 'content'>;

/** A field's value as the history reads it: text as saved, categories by their names, a place by its name. */
function shown(name: keyof Saved, fields: Saved | undefined, categoryName: (id: number) => string | undefined): string | null {
  if (!fields) return null;
  const value = fields[name];
  const kind = ARTICLE_FIELDS[name].kind;
  if (kind === 'categories') {
    const names = (value as number[]).flatMap((id) => categoryName(id) ?? []);
    return names.length ? names.join(', ') : null;
  }
  if (kind === 'place') return (value as ArticlePlace | null)?.name ?? null;
  return (value as string | null) || null;
}

/**
 * What changed between two revisions besides the text (word by word apart) and the title (shown
 * on its own): every other field of an edit, in declaration order, so a field added to the
 * declaration shows in the history without more code.
 */
export function fieldChanges(before: Saved | undefined, after: Saved, categoryName: (id: number) => string | undefined): RevisionFieldChange[] {
  const names = ARTICLE_FIELD_NAMES.filter((name): name is keyof Saved => name !== 'content' && name !== 'title');
  return names
    .filter((name) => (before ? fieldDiffers(name, before[name], after[name], 'exact') : shown(name, after, categoryName) !== null))
    .map((name) => ({ field: name, label: ARTICLE_FIELDS[name].label, before: shown(name, before, categoryName), after: shown(name, after, categoryName) }))
    .filter((change) => change.before !== change.after);
}
