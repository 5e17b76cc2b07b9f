import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { PREFERENCE_COOKIES } from '@contract/pages';
import { STORAGE_KEYS } from './storage';
import { createStoredValue, useStoredValue } from './stored-value';
import { usePagePreferences } from './page-preferences';

export type Theme = 'light' | 'dark';

/** Anything but a stored 'dark' is light: light is the default (docs/product.md#header). */
export function parseStoredTheme(raw: string | null): Theme {
  return raw === 'dark' ? 'dark' : 'light';
}

/** Dark applies only when signed in and the stored theme is dark; otherwise light (docs/product.md#header). */
export function resolveTheme(signedIn: boolean, stored: Theme): Theme {
  return signedIn && stored === 'dark' ? 'dark' : 'light';
}

/** The stored choice, mirrored in a cookie so the server renders <html class="dark"> itself. */
export const storedTheme = createStoredValue<Theme>(STORAGE_KEYS.theme, parseStoredTheme, { cookie: PREFERENCE_COOKIES.theme });

interface ThemeContextValue {
  /** The theme in force. */
  theme: Theme;
  /** Only signed-in users can change the theme (docs/product.md#header). */
  canChangeTheme: boolean;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * Applies the theme to <html>. The server already rendered <html> with the theme in force (from
 * the session and the theme cookie); this keeps it in step after changes. `signedIn` is undefined
 * while the session is not known yet, and the class is then left alone.
 */
export function ThemeProvider({ signedIn, children }: { signedIn: boolean | undefined; children: ReactNode }) {
  const stored = useStoredValue(storedTheme, usePagePreferences().theme);
  const theme = resolveTheme(signedIn === true, stored);
  const canChangeTheme = signedIn === true;

  useEffect(() => {
    if (signedIn === undefined) return;
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
  }, [signedIn, theme]);

  const setTheme = useCallback(
    (next: Theme) => {
      if (canChangeTheme) storedTheme.set(next);
    },
    [canChangeTheme],
  );
  const value = useMemo<ThemeContextValue>(
    () => ({ theme, canChangeTheme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') }),
    [theme, canChangeTheme, setTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used within a ThemeProvider');
  return value;
}
