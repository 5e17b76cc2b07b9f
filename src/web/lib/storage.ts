import { PREFERENCE_COOKIES } from '@contract/pages';
import { clearPreferenceCookie } from './preference-cookies';
/**
 * Browser-storage keys and safe access to them. Storage can be unavailable (private modes,
 * disabled cookies) or full; every preference then falls back to its default instead of crashing.
 */
export const STORAGE_KEYS = {
  /** 'light' | 'dark' (`broadsheet-theme`, docs/product.md#header). */
  theme: 'broadsheet-theme',
  /** 'true' | 'false'; images are shown by default (docs/product.md#header). */
  showImages: 'broadsheet-show-images',
  /** The selected channel id (docs/product.md#header). */
  selectedChannel: 'lastSelectedChannelId',
} as const;

/** The per-user copy of the selected channel (a per-user key also stores the selected channel, docs/product.md#header). */
export function selectedChannelKeyForUser(userId: number): string {
  return `${STORAGE_KEYS.selectedChannel}:${userId}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Full or blocked storage: the preference lasts for this page only.
  }
}

export function removeStorage(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** Logout clears the selected channel, both the shared key and every per-user key (docs/product.md#header), and its cookie. */
export function clearSelectedChannelStorage(): void {
  clearPreferenceCookie(PREFERENCE_COOKIES.selectedChannel);
  const store = storage();
  if (!store) return;
  const prefix = `${STORAGE_KEYS.selectedChannel}:`;
  const keys: string[] = [];
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key === STORAGE_KEYS.selectedChannel || key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    return;
  }
  keys.forEach(removeStorage);
}
