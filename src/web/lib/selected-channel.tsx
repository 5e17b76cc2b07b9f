import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PREFERENCE_COOKIES } from '@contract/pages';
import { usePagePreferences } from './page-preferences';
import { writePreferenceCookie } from './preference-cookies';
import { readStorage, selectedChannelKeyForUser, STORAGE_KEYS, writeStorage } from './storage';

interface SelectedChannelValue {
  /** The signed-in user's current channel, or null (signed out, or no channels yet). */
  selectedChannelId: number | null;
  selectChannel: (channelId: number) => void;
}

const SelectedChannelContext = createContext<SelectedChannelValue | null>(null);

/**
 * The selected channel (docs/product.md#header): on load it restores the stored channel if it is still
 * one of the user's channels, otherwise picks the user's first channel and stores it. Stored under
 * 'lastSelectedChannelId' and the per-user key. The app layer passes the ids of the user's own
 * channels, then of those they are staff of (fetched by the channels and staff features), so this
 * module depends on no feature; a staff channel can be the selected one too.
 *
 * The choice is mirrored in a cookie, so the server renders the header with it: the first render
 * (on the server, and the hydrating one) starts from the cookie's channel, and the stored choice
 * takes over after hydration; the same channel in both, so nothing moves.
 */
export function SelectedChannelProvider({
  userId,
  channelIds,
  children,
}: {
  userId: number | null;
  /** The user's own channels, oldest first, then the channels they are staff of; undefined while loading. */
  channelIds: number[] | undefined;
  children: ReactNode;
}) {
  const rendered = usePagePreferences().selectedChannelId;
  const [chosen, setChosen] = useState<number | null>(() => pick(rendered, channelIds, userId));

  useEffect(() => {
    if (userId === null || channelIds === undefined) {
      setChosen(null);
      return;
    }
    const stored = Number(readStorage(selectedChannelKeyForUser(userId)) ?? readStorage(STORAGE_KEYS.selectedChannel));
    const restored = channelIds.includes(stored) ? stored : (channelIds[0] ?? null);
    setChosen(restored);
    if (restored !== null) {
      writeStorage(STORAGE_KEYS.selectedChannel, String(restored));
      writeStorage(selectedChannelKeyForUser(userId), String(restored));
      writePreferenceCookie(PREFERENCE_COOKIES.selectedChannel, String(restored));
    }
  }, [userId, channelIds]);

  const selectChannel = useCallback(
    (channelId: number) => {
      setChosen(channelId);
      writeStorage(STORAGE_KEYS.selectedChannel, String(channelId));
      writePreferenceCookie(PREFERENCE_COOKIES.selectedChannel, String(channelId));
      if (userId !== null) writeStorage(selectedChannelKeyForUser(userId), String(channelId));
    },
    [userId],
  );

  const value = useMemo(() => ({ selectedChannelId: chosen, selectChannel }), [chosen, selectChannel]);
  return <SelectedChannelContext.Provider value={value}>{children}</SelectedChannelContext.Provider>;
}

/** The channel a render starts from: the cookie's when it is still the user's, else their first. */
function pick(rendered: number | null, channelIds: number[] | undefined, userId: number | null): number | null {
  if (userId === null || channelIds === undefined) return null;
  return rendered !== null && channelIds.includes(rendered) ? rendered : (channelIds[0] ?? null);
}

/** Using the selected-channel context outside its provider is an error (docs/product.md#header). */
export function useSelectedChannel(): SelectedChannelValue {
  const value = useContext(SelectedChannelContext);
  if (!value) throw new Error('useSelectedChannel must be used inside SelectedChannelProvider');
  return value;
}
