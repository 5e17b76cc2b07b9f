import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { WifiOffIcon } from 'lucide-react';

const isOnline = () => onlineManager.isOnline();
const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);

/**
 * Whether the browser has a connection, as TanStack Query sees it (it listens to the browser's
 * online and offline events, and holds mutations back while offline). Online on the server and
 * while the page hydrates, so the markup matches.
 */
function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** A bar under the header while the reader is offline, saying what happens to what they do meanwhile. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="sticky top-16 z-30 border-b bg-amber-100 px-4 py-2 text-center text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <WifiOffIcon aria-hidden="true" className="mr-2 inline size-4 align-[-0.125em]" />
      You are offline. Likes are sent when the connection is back; comments need it to be posted.
    </div>
  );
}
