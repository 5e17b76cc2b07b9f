import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readStorage, selectedChannelKeyForUser, STORAGE_KEYS, writeStorage } from './storage';

interface SelectedChannelValue {
  /** The signed-in user's current channel, or null (signed out, or no channels yet). */
  selectedChannelId: number | null;
  selectChannel: (channelId: number) => void;
}

const SelectedChannelContext = createContext<SelectedChannelValue | null>(null);

/**
 * The selected channel of spec 1 section 4: on load it restores the stored channel if it is still
 * one of the user's channels, otherwise picks the user's first channel and stores it. Stored under
 * 'lastSelectedChannelId' and the per-user key. The app layer passes the user's own channel ids
 * (fetched by the channels feature), so this module depends on no feature.
 */
export function SelectedChannelProvider({
  userId,
  ownChannelIds,
  children,
}: {
  userId: number | null;
  /** The user's own channels, oldest first; undefined while loading. */
  ownChannelIds: number[] | undefined;
  children: ReactNode;
}) {
  const [chosen, setChosen] = useState<number | null>(null);

  useEffect(() => {
    if (userId === null || ownChannelIds === undefined) {
      setChosen(null);
      return;
    }
    const stored = Number(readStorage(selectedChannelKeyForUser(userId)) ?? readStorage(STORAGE_KEYS.selectedChannel));
    const restored = ownChannelIds.includes(stored) ? stored : (ownChannelIds[0] ?? null);
    setChosen(restored);
    if (restored !== null) {
      writeStorage(STORAGE_KEYS.selectedChannel, String(restored));
      writeStorage(selectedChannelKeyForUser(userId), String(restored));
    }
  }, [userId, ownChannelIds]);

  const selectChannel = useCallback(
    (channelId: number) => {
      setChosen(channelId);
      writeStorage(STORAGE_KEYS.selectedChannel, String(channelId));
      if (userId !== null) writeStorage(selectedChannelKeyForUser(userId), String(channelId));
    },
    [userId],
  );

  const value = useMemo(() => ({ selectedChannelId: chosen, selectChannel }), [chosen, selectChannel]);
  return <SelectedChannelContext.Provider value={value}>{children}</SelectedChannelContext.Provider>;
}

/** Using the selected-channel context outside its provider is an error (spec 1 section 4). */
export function useSelectedChannel(): SelectedChannelValue {
  const value = useContext(SelectedChannelContext);
  if (!value) throw new Error('useSelectedChannel must be used inside SelectedChannelProvider');
  return value;
}
