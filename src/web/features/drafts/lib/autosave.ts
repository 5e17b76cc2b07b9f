import type { AutosaveArticle } from '@contract/articles';
import { LIMITS } from '@contract/limits';
import { ARTICLE_FIELD_NAMES, changedFields as changedFieldsOf, fieldsFromBody, fieldsToBody, type ArticleFields } from '@contract/article-fields';
import { fieldsOfForm } from '@/lib/article-form';

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

/** The form's values as an autosave compares them: the article's fields, as the server stores them. */
export type SavedFields = ArticleFields;

export const savedFieldsOf = fieldsOfForm;

/**
 * An autosave's body: only the fields that differ from the last save. A title past the limit is
 * left out (the field says why; the browser copy keeps it) so the rest of the work is still saved.
 * Null when nothing changed.
 */
export function changedFields(saved: SavedFields, now: SavedFields): Omit<AutosaveArticle, 'baseSavedAt'> | null {
  const changes = changedFieldsOf(saved, now);
  if (changes.title !== undefined && changes.title.trim().length > LIMITS.titleMax) delete changes.title;
  return Object.keys(changes).length > 0 ? (fieldsToBody(changes) as Omit<AutosaveArticle, 'baseSavedAt'>) : null;
}

/** What the server holds after a save of `body`: the sent fields as they were typed, the rest as before. */
export function savedAfter(saved: SavedFields, now: SavedFields, body: Omit<AutosaveArticle, 'baseSavedAt'>): SavedFields {
  const sent = fieldsFromBody(body);
  return Object.fromEntries(ARTICLE_FIELD_NAMES.map((name) => [name, sent[name] !== undefined ? now[name] : saved[name]])) as SavedFields;
}
