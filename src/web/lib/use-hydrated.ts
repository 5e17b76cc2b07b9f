import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates the server's page, true from the render after:
 * what a form that needs the app (it sends JSON, uploads, shows a dialog) waits for before it takes
 * input, so nothing typed into it before the app started is lost or sent as a plain form.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
