import { createContext, useContext } from 'react';
import type { LocationUpdate } from './browser-history';

/** The navigation that led to the location shown, with its options (the browser only: the server has none). */
export const LastNavigation = createContext<LocationUpdate | null>(null);

export function useLastNavigation(): LocationUpdate | null {
  return useContext(LastNavigation);
}
