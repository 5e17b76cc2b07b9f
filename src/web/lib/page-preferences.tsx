import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { PagePreferences } from '@contract/pages';

/**
 * The preferences the page was rendered with (src/contract/pages.ts): on the server they come from
 * the request's cookies, in the browser from the page's state, so the hydrating render draws
 * exactly what the server drew. Stored values (localStorage) take over after hydration.
 */
const PagePreferencesContext = createContext<PagePreferences>({
  theme: 'light',
  showImages: true,
  timeZone: 'UTC',
  renderedAt: 0,
  selectedChannelId: null,
});

export function PagePreferencesProvider({ value, children }: { value: PagePreferences; children: ReactNode }) {
  return <PagePreferencesContext.Provider value={value}>{children}</PagePreferencesContext.Provider>;
}

const subscribe = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || null;

/**
 * The browser's side: the page hydrates with the zone the server rendered dates in (UTC on a first
 * visit, before the zone cookie exists), so the markup matches; the render right after hydration
 * prints them in the reader's own zone, from the first page on. Every `<time dateTime>` keeps the
 * instant itself.
 */
export function BrowserPagePreferencesProvider({ value, children }: { value: PagePreferences; children: ReactNode }) {
  const zone = useSyncExternalStore(subscribe, browserTimeZone, () => null);
  const effective = useMemo(() => (zone && zone !== value.timeZone ? { ...value, timeZone: zone } : value), [value, zone]);
  return <PagePreferencesContext.Provider value={effective}>{children}</PagePreferencesContext.Provider>;
}

export function usePagePreferences(): PagePreferences {
  return useContext(PagePreferencesContext);
}
