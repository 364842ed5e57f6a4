import { createActorContext } from '@xstate/react';

import { sessionMachine } from '../../machines/session.machine';

/**
 * The session actor, shared by every screen. The Provider's `logic` prop takes the machine
 * with its implementations: the live services in the app, fakes in stories and tests.
 */
export const SessionContext = createActorContext(sessionMachine);
