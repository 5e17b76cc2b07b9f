import { useEffect, useSyncExternalStore } from 'react';
import { getBrowserHistory, type BlockerState, type ShouldBlock } from './browser-history';

export type { BlockerState };

const UNBLOCKED: BlockerState = { state: 'unblocked' };

/**
 * Holds back navigations `shouldBlock` picks (links, `navigate`, Back and Forward) until the page
 * calls `proceed` or `reset` on the answer. Pass a stable function (useCallback).
 */
export function useNavigationBlocker(shouldBlock: ShouldBlock): BlockerState {
  const history = typeof window === 'undefined' ? null : getBrowserHistory();
  useEffect(() => history?.block(shouldBlock), [history, shouldBlock]);
  return useSyncExternalStore(
    (notify) => history?.subscribeBlocker(notify) ?? (() => {}),
    () => history?.blocker() ?? UNBLOCKED,
    () => UNBLOCKED,
  );
}
