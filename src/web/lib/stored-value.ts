import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage';
import { writePreferenceCookie } from './preference-cookies';

/**
 * One preference kept in localStorage that components can subscribe to. Writes from anywhere
 * (a toggle, the logout flow) and from other tabs ('storage' events) re-render the subscribers.
 * A value with a cookie name is mirrored into that cookie, so the server renders the next page
 * with it (docs/decisions/008-one-render-path.md: no hydration mismatch).
 */
export interface StoredValue<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
  /** Copies the stored value into its cookie (a browser that stored it before cookies were used). */
  syncCookie(): void;
}

export function createStoredValue<T extends string | boolean>(
  key: string,
  parse: (raw: string | null) => T,
  options: { cookie?: string; serialize?: (value: T) => string } = {},
): StoredValue<T> {
  const serialize = options.serialize ?? String;
  const listeners = new Set<() => void>();
  const get = () => parse(readStorage(key));
  return {
    get,
    set(value) {
      writeStorage(key, serialize(value));
      if (options.cookie) writePreferenceCookie(options.cookie, serialize(value));
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    syncCookie() {
      if (options.cookie && readStorage(key) !== null) writePreferenceCookie(options.cookie, serialize(get()));
    },
  };
}

/**
 * The stored value; `rendered` is what the server rendered with, used while hydrating (React asks
 * for the server snapshot then), so the first render in the browser matches the server's.
 */
export function useStoredValue<T extends string | boolean>(value: StoredValue<T>, rendered: T): T {
  return useSyncExternalStore(value.subscribe, value.get, () => rendered);
}
