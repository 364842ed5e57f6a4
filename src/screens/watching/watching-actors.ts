import { createActorContext } from '@xstate/react';

import type { MyListItem, MyListWrite, ProgressEntry } from '../../../shared/watching/watching.schema';
import { fromPromise } from '../../machines/from-promise';
import { continueWatchingMachine } from '../../machines/watching/continue-watching.machine';
import { myListMachine } from '../../machines/watching/my-list.machine';
import type { ProfileRef, WatchingStore } from '../../services/watching/watching.port';

/** The signed-in profile's My List actor: one for the rows, the buttons and the page. */
export const MyListContext = createActorContext(myListMachine);

/** The signed-in profile's Continue Watching actor: the home row and the detail view's resume choice. */
export const ContinueWatchingContext = createActorContext(continueWatchingMachine);

/** Both machines wired to a watching store (the live one, or an in-memory one in stories). */
export function provideWatching(store: WatchingStore) {
  return {
    myList: myListMachine.provide({
      actors: {
        loadList: fromPromise<MyListItem[], { profile: ProfileRef }>(({ input }) => store.myList.list(input.profile)),
        addItem: fromPromise<MyListItem[], { profile: ProfileRef; item: MyListWrite }>(({ input }) =>
          store.myList.add(input.profile, input.item),
        ),
        removeItem: fromPromise<MyListItem[], { profile: ProfileRef; key: string }>(({ input }) =>
          store.myList.remove(input.profile, input.key),
        ),
      },
    }),
    continueWatching: continueWatchingMachine.provide({
      actors: {
        loadProgress: fromPromise<ProgressEntry[], { profile: ProfileRef }>(({ input }) =>
          store.progress.list(input.profile),
        ),
        removeProgress: fromPromise<void, { profile: ProfileRef; key: string }>(({ input }) =>
          store.progress.remove(input.profile, input.key),
        ),
      },
    }),
  };
}
