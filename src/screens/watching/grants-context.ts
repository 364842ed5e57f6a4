import { createContext, useContext } from 'react';

import type { GrantsPort } from '../../services/playback/grants.port';

/** The live playback grants (`services.grants`, provided in App.tsx): the media host's, signed in as the backend signs in. */
export const GrantsContext = createContext<GrantsPort | null>(null);

export function useGrants(): GrantsPort {
  const grants = useContext(GrantsContext);
  if (!grants) throw new Error('useGrants needs a GrantsContext provider');
  return grants;
}
