import { lazy, type ComponentType } from 'react';

/** How long to wait before each new try of a module that failed to download. */
const RETRY_DELAYS_MS = [500, 1500];

/** A module (a page's chunk, a menu's, the editor's) that could not be downloaded, even after trying again. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

const loading = new Map<() => Promise<unknown>, Promise<unknown>>();

/**
 * Downloads a module through `load` (a dynamic import), trying twice more after a failure, with a
 * pause that grows: a dropped connection or a busy server gets a second chance, and a file that is
 * gone for good (a deploy replaced it) costs three requests, not a storm. Offline, it fails at once.
 * Callers asking while a download is under way share it; after a failure the next call starts anew.
 * What happens then is the error page's to decide (app/routes/route-error.tsx): a full load of the
 * address once, or a page that says the connection is down.
 */
export function retryImport<T>(load: () => Promise<T>): Promise<T> {
  let pending = loading.get(load) as Promise<T> | undefined;
  if (!pending) {
    pending = downloadWithRetries(load).finally(() => loading.delete(load));
    loading.set(load, pending);
  }
  return pending;
}

async function downloadWithRetries<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      if (attempt >= RETRY_DELAYS_MS.length || offline || typeof window === 'undefined') throw new ChunkLoadError(error);
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  }
}

/** React.lazy over `retryImport`: a lazily loaded control (a menu, a dialog, the editor) whose chunk may fail to arrive. */
export function lazyWithRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => retryImport(load));
}

const RELOAD_KEY = 'broadsheet:reloaded-after-chunk-failure';
/** A second failure at the same address this soon after a full load is not tried again by itself. */
const RELOAD_GUARD_MS = 60_000;

/**
 * After a chunk failed for good while online, loads the address in full once: the server's page
 * names the files of the build it runs now (after a deploy, the old chunk is gone). Answers false,
 * and loads nothing, when this address was already loaded that way in the last minute, so a
 * failure that a full load does not cure never becomes a loop.
 */
export function reloadOnceAfterChunkFailure(): boolean {
  const here = window.location.href;
  try {
    const last = JSON.parse(sessionStorage.getItem(RELOAD_KEY) ?? 'null') as { url: string; at: number } | null;
    if (last && last.url === here && Date.now() - last.at < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, JSON.stringify({ url: here, at: Date.now() }));
  } catch {
    // Without storage there is no guard: never load by ourselves.
    return false;
  }
  window.location.reload();
  return true;
}
