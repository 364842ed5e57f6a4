import { createActorContext } from '@xstate/react';
import { fromCallback } from 'xstate';

import type { MyListItem, MyListWrite, ProgressEntry } from '../../../shared/watching/watching.schema';
import { fromPromise } from '../../machines/from-promise';
import {
  type ContinueWatchingEvent,
  continueWatchingMachine,
  type ProgressWriteRequest,
} from '../../machines/watching/continue-watching.machine';
import { myListMachine } from '../../machines/watching/my-list.machine';
import { ratingsMachine } from '../../machines/watching/ratings.machine';
import type { RatingEntry, TitleRating } from '../../services/ratings/ratings.port';
import type { ProfileRef, ProgressStore, WatchingStore } from '../../services/watching/watching.port';

/** The signed-in profile's My List actor: one for the rows, the buttons and the page. */
export const MyListContext = createActorContext(myListMachine);

/** The signed-in profile's ratings actor: the thumbs on the detail view and the preview cards. */
export const RatingsContext = createActorContext(ratingsMachine);

/** The signed-in profile's Continue Watching actor: the home row and the detail view's resume choice. */
export const ContinueWatchingContext = createActorContext(continueWatchingMachine);

/**
 * Writes positions one at a time, in the order handed over, so an older one never lands after a
 * newer one; each stored answer goes back to Continue Watching. A failed write is logged and the
 * next one tries again: playback should not stop over it.
 */
export function progressWriter(store: ProgressStore) {
  return fromCallback<ProgressWriteRequest, void>(({ receive, sendBack }) => {
    const answer = (event: ContinueWatchingEvent) => sendBack(event);
    let queue: Promise<unknown> = Promise.resolve();
    receive(({ profile, command }) => {
      queue = queue
        .then(async () => {
          if (command.kind === 'save') {
            answer({ type: 'continueWatching.saved', profile, entry: await store.save(profile, command.entry) });
          } else {
            await store.remove(profile, command.key);
            answer({ type: 'continueWatching.forgotten', profile, key: command.key });
          }
        })
        .catch((error: unknown) => console.warn('Could not save where you are in this programme', error));
    });
  });
}

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
    ratings: ratingsMachine.provide({
      actors: {
        loadRatings: fromPromise<RatingEntry[], { profile: ProfileRef }>(({ input }) =>
          store.ratings ? store.ratings.list(input.profile) : Promise.resolve([]),
        ),
        saveRating: fromPromise<void, { profile: ProfileRef; key: string; rating: TitleRating | null }>(
          async ({ input }) => {
            if (!store.ratings) throw new Error('Ratings are not kept here.');
            if (input.rating === null) await store.ratings.clear(input.profile, input.key);
            else await store.ratings.rate(input.profile, input.key, input.rating);
          },
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
        writeProgress: progressWriter(store.progress),
      },
    }),
  };
}
