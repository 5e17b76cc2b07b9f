import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { useLastNavigation } from './last-navigation';

const STORAGE_KEY = 'broadsheet-scroll-positions';
/** Enough for a long reading session; the oldest entries go first. */
const MAX_POSITIONS = 100;

/**
 * Where the window was scrolled on each history entry, so Back and Forward return to it and a
 * reload keeps it, while a new page opens at its top (or at its #fragment). A navigation that asks
 * for `preventScrollReset` (a filter changing the query string) stays where it is.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const navigation = useLastNavigation();
  const positions = useRef<Map<string, number> | null>(null);
  const shownKey = useRef(location.key);
  const lastScrollY = useRef(0);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current = readPositions();
    lastScrollY.current = window.scrollY;
    // Recorded as it happens: by the time a new location renders, the old page's DOM (and so its
    // scroll height) may already be gone.
    const onScroll = () => {
      lastScrollY.current = window.scrollY;
    };
    const onPageHide = () => {
      positions.current?.set(shownKey.current, window.scrollY);
      writePositions(positions.current);
      // A reload is restored by the browser itself, at once from the server's page, rather than
      // after the app has started; the saved position below is the fallback.
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    // A reload of this entry returns to where it was read.
    const saved = positions.current.get(location.key);
    if (saved !== undefined && !location.hash) window.scrollTo(0, saved);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
    // Once, at hydration: later locations are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    if (shownKey.current === location.key) return;
    const map = (positions.current ??= readPositions());
    map.set(shownKey.current, lastScrollY.current);
    shownKey.current = location.key;

    const saved = map.get(location.key);
    if (action === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
    } else if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    } else if (!navigation?.options.preventScrollReset) {
      window.scrollTo(0, 0);
    }
    lastScrollY.current = window.scrollY;
  }, [location, action, navigation]);

  return null;
}

function readPositions(): Map<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
    return new Map(Array.isArray(stored) ? stored.filter(([key, y]) => typeof key === 'string' && typeof y === 'number') : []);
  } catch {
    return new Map();
  }
}

function writePositions(map: Map<string, number> | null) {
  if (!map) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...map].slice(-MAX_POSITIONS)));
  } catch {
    // Storage full or refused (private mode): positions are kept for this page's life only.
  }
}
