import { createActorContext } from '@xstate/react';

import { searchMachine } from '../../machines/browse/search.machine';

/** The search actor, shared by the top bar's box and the home screen's results. */
export const SearchContext = createActorContext(searchMachine);
