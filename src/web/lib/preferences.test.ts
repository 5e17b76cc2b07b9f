import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseStoredShowImages } from './image-visibility';
import { readPreferenceCookie } from './preference-cookies';
import { clearSelectedChannelStorage, selectedChannelKeyForUser, STORAGE_KEYS } from './storage';
import { parseStoredTheme, resolveTheme } from './theme';

describe('theme', () => {
  it('is light unless the stored value is dark', () => {
    expect(parseStoredTheme(null)).toBe('light');
    expect(parseStoredTheme('light')).toBe('light');
    expect(parseStoredTheme('DARK')).toBe('light');
    expect(parseStoredTheme('dark')).toBe('dark');
  });

  it('applies dark only when signed in and the stored theme is dark', () => {
    expect(resolveTheme(true, 'dark')).toBe('dark');
    expect(resolveTheme(false, 'dark')).toBe('light');
    expect(resolveTheme(true, 'light')).toBe('light');
    expect(resolveTheme(false, 'light')).toBe('light');
  });
});

describe('image visibility', () => {
  it('shows images unless they were hidden', () => {
    expect(parseStoredShowImages(null)).toBe(true);
    expect(parseStoredShowImages('true')).toBe(true);
    expect(parseStoredShowImages('false')).toBe(false);
  });
});

describe('clearSelectedChannelStorage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('removes the shared key and every per-user key, and nothing else', () => {
    const data = new Map<string, string>([
      [STORAGE_KEYS.selectedChannel, '4'],
      [selectedChannelKeyForUser(7), '4'],
      [selectedChannelKeyForUser(12), '9'],
      [STORAGE_KEYS.theme, 'dark'],
    ]);
    const storage = {
      get length() {
        return data.size;
      },
      key: (i: number) => [...data.keys()][i] ?? null,
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    };
    vi.stubGlobal('window', { localStorage: storage });
    clearSelectedChannelStorage();
    expect([...data.keys()]).toEqual([STORAGE_KEYS.theme]);
  });

  it('does nothing without storage', () => {
    expect(() => clearSelectedChannelStorage()).not.toThrow();
  });
});

describe('preference cookies', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads back the value a preference cookie holds, decoded, and nothing for another cookie', () => {
    vi.stubGlobal('document', { cookie: 'broadsheet_tz_old=Europe%2FOslo; broadsheet_tz=Asia%2FTokyo; other=1' });
    expect(readPreferenceCookie('broadsheet_tz')).toBe('Asia/Tokyo');
    expect(readPreferenceCookie('broadsheet_images')).toBeNull();
  });
});
