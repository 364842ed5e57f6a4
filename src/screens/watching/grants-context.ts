import { createContext } from 'react';

import type { GrantsPort } from '../../services/playback/grants.port';
import { useRequiredContext } from '../required-context';

/** The live playback grants (`services.grants`, provided in App.tsx): the media host's, signed in as the backend signs in. */
export const GrantsContext = createContext<GrantsPort | null>(null);

export function useGrants(): GrantsPort {
  return useRequiredContext(GrantsContext, 'GrantsContext');
}
