import type { AutosaveArticle } from '@contract/articles';
import { LIMITS } from '@contract/limits';
import type { ArticleFormValues } from '@/lib/article-form';
import { categoryIdsForSubmit } from '@/lib/categories';

/**
 * When the editor saves to the server (docs/decisions/040-drafts-on-the-server.md): a few seconds
 * after the writer stops typing, and while they keep typing at least every `maxWaitMs` from the
 * first unsaved change, so a long burst is never only in the browser. One save at a time: a change
 * made while a save is on its way is saved after it.
 */
export const AUTOSAVE_QUIET_MS = 3_000;
export const AUTOSAVE_MAX_WAIT_MS = 10_000;

export interface AutosaveTimers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface AutosaveScheduler {
  /** The writer changed something. */
  changed: () => void;
  /** Save now if anything is unsaved (Preview, leaving the page, back online). */
  flush: () => void;
  /** Forget the pending change (it was saved another way, or the page is leaving). */
  cancel: () => void;
}

export function createAutosaveScheduler(
  save: () => Promise<void>,
  options: { quietMs?: number; maxWaitMs?: number; timers?: AutosaveTimers } = {},
): AutosaveScheduler {
  const quietMs = options.quietMs ?? AUTOSAVE_QUIET_MS;
  const maxWaitMs = options.maxWaitMs ?? AUTOSAVE_MAX_WAIT_MS;
  const timers: AutosaveTimers = options.timers ?? {
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  let quiet: unknown;
  let deadline: unknown;
  let dirty = false;
  let saving = false;

  const clear = () => {
    if (quiet !== undefined) timers.clearTimeout(quiet);
    if (deadline !== undefined) timers.clearTimeout(deadline);
    quiet = undefined;
    deadline = undefined;
  };

  const run = () => {
    clear();
    if (!dirty) return;
    if (saving) return; // saved when the running save ends
    dirty = false;
    saving = true;
    void save()
      .catch(() => {})
      .finally(() => {
        saving = false;
        // Typed during the save: its own quiet wait, so the next request is not sent at once.
        if (dirty) arm();
      });
  };

  const arm = () => {
    if (quiet !== undefined) timers.clearTimeout(quiet);
    quiet = timers.setTimeout(run, quietMs);
    if (deadline === undefined) deadline = timers.setTimeout(run, maxWaitMs);
  };

  return {
    changed: () => {
      dirty = true;
      arm();
    },
    flush: run,
    cancel: () => {
      dirty = false;
      clear();
    },
  };
}

/** The form's values as an autosave compares them: what the server stores. */
export interface SavedFields {
  title: string;
  content: string;
  categoryIds: number[];
  location: ArticleFormValues['location'];
}

export function savedFieldsOf(values: ArticleFormValues): SavedFields {
  return { title: values.title, content: values.content, categoryIds: categoryIdsForSubmit(values.categories), location: values.location };
}

/**
 * An autosave's body: only the fields that differ from the last save. A title past the limit is
 * left out (the field says why; the browser copy keeps it) so the rest of the work is still saved.
 * Null when nothing changed.
 */
export function changedFields(saved: SavedFields, now: SavedFields): Omit<AutosaveArticle, 'baseSavedAt'> | null {
  const body: Omit<AutosaveArticle, 'baseSavedAt'> = {};
  if (now.title !== saved.title && now.title.trim().length <= LIMITS.titleMax) body.title = now.title;
  if (now.content !== saved.content) body.content = now.content;
  if (now.categoryIds.join() !== saved.categoryIds.join()) body.categoryIds = now.categoryIds;
  const place = (l: SavedFields['location']) => `${l?.name ?? ''}|${l?.lat ?? ''}|${l?.lng ?? ''}`;
  if (place(now.location) !== place(saved.location)) {
    body.location_name = now.location?.name ?? null;
    body.location_lat = now.location?.lat ?? null;
    body.location_lng = now.location?.lng ?? null;
  }
  return Object.keys(body).length > 0 ? body : null;
}

/** What the server holds after a save of `body`: the sent fields as they were typed, the rest as before. */
export function savedAfter(saved: SavedFields, now: SavedFields, body: Omit<AutosaveArticle, 'baseSavedAt'>): SavedFields {
  return {
    title: body.title !== undefined ? now.title : saved.title,
    content: body.content !== undefined ? now.content : saved.content,
    categoryIds: body.categoryIds !== undefined ? now.categoryIds : saved.categoryIds,
    location: body.location_name !== undefined ? now.location : saved.location,
  };
}
