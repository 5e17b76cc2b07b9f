import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage';

/**
 * One preference kept in localStorage that components can subscribe to. Writes from anywhere
 * (a toggle, the logout flow) and from other tabs ('storage' events) re-render the subscribers.
 */
export interface StoredValue<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createStoredValue<T extends string | boolean>(
  key: string,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string = String,
): StoredValue<T> {
  const listeners = new Set<() => void>();
  return {
    get: () => parse(readStorage(key)),
    set(value) {
      writeStorage(key, serialize(value));
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
  };
}

export function useStoredValue<T extends string | boolean>(value: StoredValue<T>): T {
  return useSyncExternalStore(value.subscribe, value.get, value.get);
}
