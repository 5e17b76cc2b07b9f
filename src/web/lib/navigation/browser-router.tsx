import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Router } from 'react-router';
import { getBrowserHistory, type LocationUpdate, type Prepare } from './browser-history';
import { LastNavigation } from './last-navigation';

/**
 * React Router's declarative `<Router>` over the page's navigation history. A link or `navigate`
 * changes the address once `prepare` has the next page ready (its module loaded). Back and Forward
 * change it at once (the browser already has): the new location renders in a transition, so while
 * the page's module loads (its element suspends) the current page stays on screen. A navigation that
 * asks for `flushSync` (signing out) renders at once.
 */
export function BrowserRouter({ children, prepare }: { children: ReactNode; prepare?: Prepare }) {
  const history = getBrowserHistory();
  history.setPrepare(prepare ?? null);
  const [shown, setShown] = useState<LocationUpdate>(history.current);
  useLayoutEffect(
    () =>
      history.listen((update) => {
        if (update.options.flushSync) flushSync(() => setShown(update));
        else startTransition(() => setShown(update));
      }),
    [history],
  );
  return (
    <Router location={shown.location} navigationType={shown.action} navigator={history.navigator}>
      <LastNavigation.Provider value={shown}>{children}</LastNavigation.Provider>
    </Router>
  );
}
