import { createContext, useContext } from 'react';

import type { WatchingStore } from '../../services/watching/watching.port';

/** Continue Watching and My List for the signed-in account: the live store in the app, fakes in stories. */
export const WatchingContext = createContext<WatchingStore | null>(null);

export function useWatching(): WatchingStore {
  const store = useContext(WatchingContext);
  if (!store) throw new Error('useWatching needs a WatchingContext provider (the app gives it services.watching)');
  return store;
}
