import { EMPTY_ARTICLE_FIELDS, pickTextFields } from '@contract/article-fields';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Article, AutosaveArticle, AutosaveNewArticle, AutosaveResult, NewDraftResult } from '@contract/articles';
import { API_HEADERS, ApiError, apiErrorFromResponse, apiRequest } from '@/lib/api-client';
import { isBlankHtml, type ArticleFormValues } from '@/lib/article-form';
import { changedFields, createAutosaveScheduler, savedAfter, savedFieldsOf, type SavedFields } from '../lib/autosave';
import { articleDetailKey } from '@/lib/article-cache';

/**
 * The cached article after an autosave of `typed`: the next editor opened in this tab starts from
 * what the server holds, not from the version before (its first save would be a conflict with itself).
 */
function withAutosave(article: Article, typed: ArticleFormValues, savedAt: string): Article {
  const place = { location_name: typed.location?.name ?? null, location_lat: typed.location?.lat ?? null, location_lng: typed.location?.lng ?? null };
  const categories = typed.categories.map((c) => ({ id: c.id, name: c.name }));
  if (article.published) return { ...article, savedAt, pendingEdit: { title: typed.title, content: typed.content, categories, ...place, savedAt } };
  return { ...article, savedAt, title: typed.title, content: typed.content, categories, category: categories[0]?.name ?? null, location: place.location_name, ...place };
}

/** A save made from an older version: the newer save's time (the server's 409). */
export class SaveConflict extends Error {
  constructor(readonly savedAt: string) {
    super('A newer version of this article was saved');
  }
}

/** An autosave request: its answer, a SaveConflict on 409, an ApiError on other refusals, a TypeError when offline. */
async function autosaveRequest<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? API_HEADERS : { ...API_HEADERS, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  if (response.status === 409) {
    const answer = (await response.json().catch(() => ({}))) as { savedAt?: unknown };
    if (typeof answer.savedAt === 'string') throw new SaveConflict(answer.savedAt);
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return (await response.json()) as T;
}

export const createDraftByAutosave = (body: AutosaveNewArticle) => autosaveRequest<NewDraftResult>('POST', '/api/articles/autosave', body);
export const autosaveArticle = (id: number, body: AutosaveArticle) => autosaveRequest<AutosaveResult>('PUT', `/api/articles/${id}/autosave`, body);
export const discardPendingEdit = (id: number) => autosaveRequest<AutosaveResult>('DELETE', `/api/articles/${id}/autosave`);
/** The writer's latest server version, past any cache. */
export const latestArticle = (id: number) => apiRequest<Article>('GET', `/api/articles/${id}`);

/** The version a writer edits: a published article's pending edit when there is one, else the article. */
export function editedVersion(article: Article): Article {
  const pending = article.pendingEdit;
  if (!pending) return article;
  return {
    ...article,
    ...pickTextFields(pending),
    content: pending.content,
    categories: pending.categories,
    category: pending.categories[0]?.name ?? null,
    location: pending.location_name,
    location_name: pending.location_name,
    location_lat: pending.location_lat,
    location_lng: pending.location_lng,
  };
}

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'offline' }
  | { kind: 'conflict' }
  | { kind: 'refused'; message: string };

export interface ServerDraftOptions {
  /** Off while the form is saved and leaving, or for a reader who may not autosave. */
  enabled: boolean;
  /** The article, or null for a new one (its first autosave creates it as a draft). */
  articleId: number | null;
  /** A new article's channel. */
  channelId: number | null;
  /** The article's savedAt as loaded. */
  savedAt: string | null;
  /** What the server holds as loaded (the pending edit's values when there is one). */
  serverValues: ArticleFormValues;
  /** Whether a published article has a pending edit now (Discard is offered). */
  hasPendingEdit: boolean;
  published: boolean;
  /** Puts a version from the server into the form (after 'Load it', or after Discard). */
  load: (article: Article) => void;
}

/**
 * The editor's drafts on the server (docs/decisions/040-drafts-on-the-server.md): watches the form's
 * values, autosaves the changed fields on the schedule of lib/autosave, and keeps the version they
 * were typed on, so a save from another tab or device comes back as a conflict instead of being
 * overwritten.
 */
export function useServerDraft(values: ArticleFormValues, options: ServerDraftOptions) {
  const [articleId, setArticleId] = useState(options.articleId);
  const [status, setStatus] = useState<SaveStatus>(options.savedAt ? { kind: 'saved', at: options.savedAt } : { kind: 'idle' });
  const [conflict, setConflict] = useState<string | null>(null);
  const [pendingEdit, setPendingEdit] = useState(options.hasPendingEdit);
  const idRef = useRef(options.articleId);
  const baseRef = useRef(options.savedAt);
  const savedRef = useRef<SavedFields>(savedFieldsOf(options.serverValues));
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const conflictRef = useRef<string | null>(null);
  const queryClient = useQueryClient();
  const running = useRef<Promise<void>>(Promise.resolve());

  const save = useCallback(async () => {
    if (!optionsRef.current.enabled || conflictRef.current !== null) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setStatus({ kind: 'offline' });
      return;
    }
    const typed = valuesRef.current;
    const now = savedFieldsOf(typed);
    const work = (async () => {
      try {
        if (idRef.current === null) {
          const channelId = optionsRef.current.channelId;
          // Nothing typed yet, or nowhere to keep it: nothing to save.
          if (channelId === null || (now.title.trim() === '' && isBlankHtml(now.content))) return;
          const body = changedFields(EMPTY_ARTICLE_FIELDS, now) ?? {};
          setStatus({ kind: 'saving' });
          const created = await createDraftByAutosave({ channelId, ...body });
          idRef.current = created.id;
          baseRef.current = created.savedAt;
          savedRef.current = savedAfter(EMPTY_ARTICLE_FIELDS, now, body);
          setArticleId(created.id);
          setStatus({ kind: 'saved', at: created.savedAt });
          return;
        }
        const body = changedFields(savedRef.current, now);
        if (!body) return;
        setStatus({ kind: 'saving' });
        const saved = await autosaveArticle(idRef.current, { baseSavedAt: baseRef.current ?? new Date(0).toISOString(), ...body });
        baseRef.current = saved.savedAt;
        savedRef.current = savedAfter(savedRef.current, now, body);
        const id = idRef.current;
        queryClient.setQueryData<Article | null>(articleDetailKey(id), (article) => article && withAutosave(article, typed, saved.savedAt));
        if (optionsRef.current.published) setPendingEdit(true);
        setStatus({ kind: 'saved', at: saved.savedAt });
      } catch (error) {
        if (error instanceof SaveConflict) {
          conflictRef.current = error.savedAt;
          setConflict(error.savedAt);
          setStatus({ kind: 'conflict' });
        } else if (error instanceof ApiError) {
          setStatus({ kind: 'refused', message: error.message });
        } else {
          // No answer: the browser copy (lib/unsent-article) holds the work until the connection is back.
          setStatus({ kind: 'offline' });
        }
      }
    })();
    running.current = work;
    await work;
  }, [queryClient]);

  const scheduler = useMemo(() => createAutosaveScheduler(save), [save]);
  useEffect(() => () => scheduler.cancel(), [scheduler]);

  // Every change of what the server stores schedules a save.
  const fields = savedFieldsOf(values);
  const fingerprint = JSON.stringify(fields);
  useEffect(() => {
    if (!options.enabled) return;
    if (changedFields(savedRef.current, JSON.parse(fingerprint) as SavedFields) !== null) scheduler.changed();
  }, [fingerprint, options.enabled, scheduler]);

  // Back online: what was typed meanwhile goes to the server.
  useEffect(() => {
    const online = () => {
      scheduler.changed();
      scheduler.flush();
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [scheduler]);

  const takeVersion = useCallback((article: Article, serverValues: ArticleFormValues) => {
    queryClient.setQueryData(articleDetailKey(article.id), article);
    baseRef.current = article.savedAt;
    savedRef.current = savedFieldsOf(serverValues);
    conflictRef.current = null;
    setConflict(null);
    setPendingEdit(article.pendingEdit !== null);
    setStatus(article.savedAt ? { kind: 'saved', at: article.savedAt } : { kind: 'idle' });
    optionsRef.current.load(article);
  }, [queryClient]);

  return {
    status,
    articleId,
    conflict,
    pendingEdit,
    /** Whether the server holds everything the form shows. */
    upToDate: changedFields(savedRef.current, fields) === null && status.kind !== 'offline',
    /** The savedAt a Save sends as baseSavedAt, after any autosave on its way has landed. */
    async settle(): Promise<{ articleId: number | null; baseSavedAt: string | null }> {
      scheduler.cancel();
      await running.current;
      return { articleId: idRef.current, baseSavedAt: baseRef.current };
    },
    /** A Save answered 409: the same question as an autosave's. */
    async saveConflicted(savedAt?: string) {
      let at = savedAt;
      if (!at && idRef.current !== null) at = (await latestArticle(idRef.current)).savedAt ?? undefined;
      conflictRef.current = at ?? new Date().toISOString();
      setConflict(conflictRef.current);
      setStatus({ kind: 'conflict' });
    },
    /** Replace the form with the newer version from the server. */
    async loadNewer(toValues: (article: Article) => ArticleFormValues) {
      if (idRef.current === null) return;
      const article = await latestArticle(idRef.current);
      takeVersion(article, toValues(editedVersion(article)));
    },
    /** Keep this tab's text: the next save is made on top of the newer version. */
    overwrite() {
      if (conflictRef.current === null) return;
      baseRef.current = conflictRef.current;
      conflictRef.current = null;
      setConflict(null);
      setStatus({ kind: 'idle' });
      scheduler.changed();
      scheduler.flush();
    },
    /** Drop a published article's pending edit; the form goes back to the live text. */
    async discard(toValues: (article: Article) => ArticleFormValues) {
      if (idRef.current === null) return;
      scheduler.cancel();
      await running.current;
      await discardPendingEdit(idRef.current);
      const article = await latestArticle(idRef.current);
      takeVersion(article, toValues(article));
    },
    flush: () => scheduler.flush(),
  };
}
export type ServerDraft = ReturnType<typeof useServerDraft>;
