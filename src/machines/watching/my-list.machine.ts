import { assertEvent, assign, setup } from 'xstate';

import type { MyListItem, MyListWrite } from '../../../shared/watching/watching.schema';
import { MY_LIST_FULL_MESSAGE, titleKey } from '../../../shared/watching/watching-rules';
import type { ProfileRef } from '../../services/watching/watching.port';
import { errorMessage, failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import type { ProfileCollectionContext, ProfileInput } from './profile-ref';
import { awaitingProfile, loadingCollection, sameProfile } from './profile-ref';

/** A title as My List shows it: the stored item without its time (an optimistic add has none yet). */
export type ListedTitle = MyListWrite & { key: string };

/** One change the person asked for; the head of the queue is with the store, the rest wait. */
export type MyListChange =
  { kind: 'add'; key: string; item: MyListWrite } | { kind: 'remove'; key: string; title: string };

export interface MyListContext extends ProfileCollectionContext {
  /** The list as the store last reported it. */
  stored: ListedTitle[];
  /** Changes not yet confirmed, oldest first. */
  changes: MyListChange[];
  /** What the person sees: `stored` with every pending change applied. */
  items: ListedTitle[];
}

export type MyListInput = ProfileInput;

export type MyListEvent =
  /** The signed-in part of the app follows the active profile: another one loads its own list. */
  | { type: 'myList.profileChanged'; profile: ProfileRef | null }
  | { type: 'myList.retry' }
  | { type: 'myList.add'; item: MyListWrite }
  | { type: 'myList.remove'; key: string }
  /** Adds the title, or removes it when it is already listed (one button for both). */
  | { type: 'myList.toggle'; item: MyListWrite }
  | { type: 'myList.dismissNotice' };

const listed = ({ key, media_type, id, title, backdrop_path, poster_path }: MyListItem): ListedTitle => ({
  key,
  media_type,
  id,
  title,
  backdrop_path,
  poster_path,
});

/** The list with the changes applied in order: an add goes first (newest first), a remove drops the title. */
export function applyChanges(list: ListedTitle[], changes: MyListChange[]): ListedTitle[] {
  return changes.reduce((items, change) => {
    const others = items.filter((item) => item.key !== change.key);
    return change.kind === 'add' ? [{ key: change.key, ...change.item }, ...others] : others;
  }, list);
}

/** Whether the title shows as listed (optimistic changes included). */
export const isInList = (context: Pick<MyListContext, 'items'>, key: string): boolean =>
  context.items.some((item) => item.key === key);

/** Whether a change to the title is still waiting for the store. */
export const isChanging = (context: Pick<MyListContext, 'changes'>, key: string): boolean =>
  context.changes.some((change) => change.key === key);

/**
 * What a rolled-back change tells the person: the store's own words when it refused for a reason
 * trying again will not fix (the list is full), otherwise which title and that they can retry.
 */
export function refusalMessage(change: MyListChange, error: unknown): string {
  const reason = errorMessage(error);
  if (reason === MY_LIST_FULL_MESSAGE) return reason;
  const name = change.kind === 'add' ? change.item.title : change.title;
  return change.kind === 'add'
    ? `Could not add ${name} to My List. Try again.`
    : `Could not remove ${name} from My List. Try again.`;
}

const addChange = (item: MyListWrite): MyListChange => ({ kind: 'add', key: titleKey(item.media_type, item.id), item });

/**
 * The active profile's My List: loading, loaded or failed with retry. Adding and
 * removing are optimistic: the list changes at once and the change goes to the store; the
 * changes wait in a queue and reach the store one at a time, so each answer (the whole stored
 * list) is the store's state after exactly the changes sent so far, and the ones still waiting
 * are applied on top. A refusal drops exactly that change, which rolls it back and leaves every
 * other title as it is, and sets `notice`. One instance serves every screen of a signed-in
 * profile; a new profile starts over with its own list.
 */
export const myListMachine = setup({
  types: {
    context: {} as MyListContext,
    input: {} as MyListInput,
    events: {} as MyListEvent,
  },
  actors: {
    loadList: fromPromise<MyListItem[], { profile: ProfileRef }>(async () => notProvided('My List', 'loadList')),
    addItem: fromPromise<MyListItem[], { profile: ProfileRef; item: MyListWrite }>(async () =>
      notProvided('My List', 'addItem'),
    ),
    removeItem: fromPromise<MyListItem[], { profile: ProfileRef; key: string }>(async () =>
      notProvided('My List', 'removeItem'),
    ),
  },
  actions: {
    /** The list as loaded: nothing is pending any more. */
    takeStored: assign((_, stored: MyListItem[]) => {
      const items = stored.map(listed);
      return { stored: items, items, changes: [], error: null };
    }),
    rememberError: assign(failureOf),
    startOver: assign(({ event }) => {
      assertEvent(event, 'myList.profileChanged');
      return { profile: event.profile, stored: [], changes: [], items: [], error: null, notice: null };
    }),
    queueAdd: assign(({ context, event }) => {
      assertEvent(event, ['myList.add', 'myList.toggle']);
      const changes = [...context.changes, addChange(event.item)];
      return { changes, items: applyChanges(context.stored, changes) };
    }),
    queueRemove: assign(({ context, event }) => {
      assertEvent(event, ['myList.remove', 'myList.toggle']);
      const key = event.type === 'myList.remove' ? event.key : titleKey(event.item.media_type, event.item.id);
      const title = context.items.find((item) => item.key === key)?.title ?? 'the title';
      const changes: MyListChange[] = [...context.changes, { kind: 'remove', key, title }];
      return { changes, items: applyChanges(context.stored, changes) };
    }),
    /** The store took the change at the head: its list is the new base for the changes still waiting. */
    confirmChange: assign(({ context }, stored: MyListItem[]) => {
      const base = stored.map(listed);
      const changes = context.changes.slice(1);
      return { stored: base, changes, items: applyChanges(base, changes) };
    }),
    /** The store refused the change at the head: dropping it rolls exactly that change back. */
    rollBackChange: assign(({ context }, error: unknown) => {
      const [refused, ...changes] = context.changes;
      return {
        changes,
        items: applyChanges(context.stored, changes),
        notice: refused ? refusalMessage(refused, error) : context.notice,
      };
    }),
    dismissNotice: assign({ notice: null }),
  },
  guards: {
    hasProfile: ({ context }) => context.profile !== null,
    isOtherProfile: ({ context, event }) =>
      event.type === 'myList.profileChanged' && !sameProfile(context.profile, event.profile),
    addsNewTitle: ({ context, event }) =>
      event.type === 'myList.add' && !isInList(context, titleKey(event.item.media_type, event.item.id)),
    removesListedTitle: ({ context, event }) => event.type === 'myList.remove' && isInList(context, event.key),
    togglesListedTitle: ({ context, event }) =>
      event.type === 'myList.toggle' && isInList(context, titleKey(event.item.media_type, event.item.id)),
    nextIsAdd: ({ context }) => context.changes[0]?.kind === 'add',
    nextIsRemove: ({ context }) => context.changes[0]?.kind === 'remove',
  },
}).createMachine({
  id: 'myList',
  context: ({ input }) => ({ profile: input.profile, stored: [], changes: [], items: [], error: null, notice: null }),
  initial: 'idle',
  on: {
    'myList.profileChanged': { guard: 'isOtherProfile', target: '.idle', reenter: true, actions: 'startOver' },
    'myList.dismissNotice': { actions: 'dismissNotice' },
  },
  states: {
    idle: awaitingProfile,
    loading: loadingCollection('loadList'),
    failed: {
      tags: ['error'],
      on: { 'myList.retry': 'loading' },
    },
    loaded: {
      on: {
        'myList.add': { guard: 'addsNewTitle', actions: 'queueAdd' },
        'myList.remove': { guard: 'removesListedTitle', actions: 'queueRemove' },
        'myList.toggle': [{ guard: 'togglesListedTitle', actions: 'queueRemove' }, { actions: 'queueAdd' }],
      },
      initial: 'settled',
      states: {
        /** Every change confirmed or rolled back; the next queued one, if any, goes to the store. */
        settled: {
          always: [
            { guard: 'nextIsAdd', target: 'adding' },
            { guard: 'nextIsRemove', target: 'removing' },
          ],
        },
        adding: {
          tags: ['saving'],
          invoke: {
            src: 'addItem',
            input: ({ context }) => {
              const change = context.changes[0];
              if (change?.kind !== 'add') throw new Error('adding without an add at the head of the queue');
              return { profile: context.profile!, item: change.item };
            },
            onDone: { target: 'settled', actions: { type: 'confirmChange', params: ({ event }) => event.output } },
            onError: {
              target: 'settled',
              actions: { type: 'rollBackChange', params: ({ event }: { event: { error: unknown } }) => event.error },
            },
          },
        },
        removing: {
          tags: ['saving'],
          invoke: {
            src: 'removeItem',
            input: ({ context }) => ({ profile: context.profile!, key: context.changes[0]!.key }),
            onDone: { target: 'settled', actions: { type: 'confirmChange', params: ({ event }) => event.output } },
            onError: {
              target: 'settled',
              actions: { type: 'rollBackChange', params: ({ event }: { event: { error: unknown } }) => event.error },
            },
          },
        },
      },
    },
  },
});
