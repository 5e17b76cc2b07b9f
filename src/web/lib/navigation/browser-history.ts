import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigateOptions,
  type NavigationType,
  type Navigator,
  type To,
} from 'react-router';

/**
 * The browser's navigation for React Router's declarative `<Router>` (docs/decisions/020): the
 * session history, and the two things the data router (`createBrowserRouter`) used to give us on top
 * of it, blocking a navigation away from unsaved work and the options a navigation carries for
 * scrolling and rendering. The data router cost 20 KB gzip of every page's first load for these.
 */

export type HistoryAction = `${NavigationType}`;

/** A change of location, as the router shows it. */
export interface LocationUpdate {
  action: NavigationType;
  location: Location;
  /** What the navigation asked for: keep the scroll position, render synchronously. */
  options: Pick<NavigateOptions, 'preventScrollReset' | 'flushSync'>;
}

/** Whether leaving `currentLocation` for `nextLocation` must be confirmed first. */
export type ShouldBlock = (args: { currentLocation: Location; nextLocation: Location; action: HistoryAction }) => boolean;

/** The state of a navigation held back by a blocker: the page asks, then proceeds or stays. */
export type BlockerState =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined; location?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void; location: Location };

const UNBLOCKED: BlockerState = { state: 'unblocked' };

export type Prepare = (pathname: string) => Promise<unknown> | undefined;

export interface NavigationHistory {
  navigator: Navigator;
  /** The location now shown. */
  current(): LocationUpdate;
  /** The one subscriber (the router) hears every location change that was not blocked. */
  listen(listener: (update: LocationUpdate) => void): () => void;
  /**
   * What must be ready before a push or replace changes the address: the next page's module. While
   * it loads the address and the page stay as they are, so what the address says is what is shown
   * (as the data router's route `lazy` did). Returns nothing when it is ready already.
   */
  setPrepare(prepare: Prepare | null): void;
  /** Registers a blocker; returns the function that removes it. */
  block(shouldBlock: ShouldBlock): () => void;
  blocker(): BlockerState;
  subscribeBlocker(listener: () => void): () => void;
}

export function createNavigationHistory(window: Window): NavigationHistory {
  const history = createBrowserHistory({ window, v5Compat: true });
  const blockers = new Set<ShouldBlock>();
  const blockerListeners = new Set<() => void>();
  let listener: ((update: LocationUpdate) => void) | null = null;
  let shown: LocationUpdate = { action: history.action, location: history.location, options: {} };
  let blockerState: BlockerState = UNBLOCKED;
  let pendingOptions: LocationUpdate['options'] = {};
  // The Back or Forward step that undoes a blocked one is not a navigation of its own.
  let ignoreNextPop = false;
  // The Back or Forward step the reader confirmed ("Leave") passes the blockers.
  let passNextPop = false;
  let prepare: Prepare | null = null;
  // Only the latest push or replace goes through once prepared: a click on another link while the
  // first page's module loads wins.
  let latestNavigation = 0;

  const setBlocker = (next: BlockerState) => {
    blockerState = next;
    for (const notify of blockerListeners) notify();
  };

  const isBlocked = (nextLocation: Location, action: HistoryAction) =>
    [...blockers].some((shouldBlock) => shouldBlock({ currentLocation: shown.location, nextLocation, action }));

  const show = (update: LocationUpdate) => {
    shown = update;
    listener?.(update);
  };

  let unlistenHistory: (() => void) | null = null;
  const startListening = () => {
    unlistenHistory ??= history.listen(({ action, location, delta }) => {
      if (action !== 'POP') {
        show({ action, location, options: pendingOptions });
        return;
      }
      if (ignoreNextPop) {
        ignoreNextPop = false;
        return;
      }
      if (passNextPop) {
        passNextPop = false;
      } else if (delta !== null && isBlocked(location, 'POP')) {
        // The browser has already moved: step back to where the reader was, then ask.
        ignoreNextPop = true;
        history.go(-delta);
        setBlocker({
          state: 'blocked',
          location,
          proceed: () => {
            setBlocker(UNBLOCKED);
            passNextPop = true;
            history.go(delta);
          },
          reset: () => setBlocker(UNBLOCKED),
        });
        return;
      }
      show({ action, location, options: {} });
    });
  };

  /** Runs a push or replace unless a blocker holds it back, in which case the reader is asked first. */
  const navigate = (action: 'PUSH' | 'REPLACE', to: To, state: unknown, options: NavigateOptions = {}) => {
    const nextLocation = { ...history.location, ...parseTo(to, window.location.href), state: state ?? null, key: 'blocked' } as Location;
    const change = () => {
      pendingOptions = { preventScrollReset: options.preventScrollReset, flushSync: options.flushSync };
      if (action === 'PUSH') history.push(to, state);
      else history.replace(to, state);
      pendingOptions = {};
    };
    const go = () => {
      const navigation = ++latestNavigation;
      let ready: Promise<unknown> | undefined;
      try {
        ready = prepare?.(nextLocation.pathname);
      } catch {
        ready = undefined;
      }
      if (!ready) return change();
      // A module that fails to load still navigates: the page's error boundary then says so.
      const settle = () => {
        if (navigation === latestNavigation) change();
      };
      ready.then(settle, settle);
    };
    if (!isBlocked(nextLocation, action)) return go();
    setBlocker({
      state: 'blocked',
      location: nextLocation,
      proceed: () => {
        setBlocker(UNBLOCKED);
        go();
      },
      reset: () => setBlocker(UNBLOCKED),
    });
  };

  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state, options) => navigate('PUSH', to, state, options),
    replace: (to, state, options) => navigate('REPLACE', to, state, options),
  };

  return {
    navigator,
    current: () => shown,
    listen(next) {
      listener = next;
      startListening();
      return () => {
        if (listener === next) listener = null;
      };
    },
    setPrepare(next) {
      prepare = next;
    },
    block(shouldBlock) {
      blockers.add(shouldBlock);
      return () => {
        blockers.delete(shouldBlock);
        if (blockers.size === 0 && blockerState.state === 'blocked') setBlocker(UNBLOCKED);
      };
    },
    blocker: () => blockerState,
    subscribeBlocker(notify) {
      blockerListeners.add(notify);
      return () => blockerListeners.delete(notify);
    },
  };
}

function parseTo(to: To, base: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`, base);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

let browserHistory: NavigationHistory | undefined;

/** The page's one navigation history (made on first use: the server render never makes it). */
export function getBrowserHistory(): NavigationHistory {
  browserHistory ??= createNavigationHistory(window);
  return browserHistory;
}
