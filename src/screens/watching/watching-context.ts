import { createContext } from 'react';

import type { WatchingStore } from '../../services/watching/watching.port';
import { useRequiredContext } from '../required-context';

/**
 * The live Continue Watching and My List stores in the app (`services.watching`, provided in
 * App.tsx beside the account store); in-memory ones in screen stories.
 */
export const WatchingStoreContext = createContext<WatchingStore | null>(null);

export function useWatchingStore(): WatchingStore {
  return useRequiredContext(WatchingStoreContext, 'WatchingStoreContext');
}
