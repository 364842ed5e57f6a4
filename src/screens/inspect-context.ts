// eslint-disable-next-line no-restricted-imports -- the one place that starts actors with it
import { useActorRef } from '@xstate/react';
import { createContext, useContext } from 'react';

import type { Inspect } from '../dev/inspector';

/** Development only: the XState inspector every actor the screens start reports to (App provides it). */
export const InspectContext = createContext<Inspect | undefined>(undefined);

/** The inspector, as `options.inspect` of an actor context's Provider. */
export const useInspect = () => useContext(InspectContext);

/**
 * `useActorRef` with the development inspector watching the actor, so that `?inspect` and its
 * modes see every machine, not only the session. Screens start their actors with this.
 */
export const useInspectedActorRef = ((logic: never, options?: object, observer?: never) => {
  const inspect = useContext(InspectContext);

  return useActorRef(logic, (inspect ? { ...options, inspect } : options) as never, observer);
}) as unknown as typeof useActorRef;
