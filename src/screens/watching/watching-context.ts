import { createContext, useContext } from 'react';

import type { WatchingStore } from '../../services/watching/watching.port';

/**
 * The live Continue Watching and My List stores in the app (`services.watching`, provided in
 * App.tsx beside the account store); in-memory ones in screen stories.
 */
export const WatchingStoreContext = createContext<WatchingStore | null>(null);

export function useWatchingStore(): WatchingStore {
  const store = useContext(WatchingStoreContext);
  if (!store) throw new Error('useWatchingStore needs a WatchingStoreContext provider');
  return store;
}
