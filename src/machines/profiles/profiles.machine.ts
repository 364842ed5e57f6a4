import { assertEvent, assign, fromPromise, setup } from 'xstate';

import type { Profile } from '../../services/user-state/user-state.port';
import { errorMessage } from '../error-message';
import { notProvided } from '../not-provided';

export type ProfilesMode = 'browse' | 'manage';

export interface ProfilesContext {
  uid: string;
  profiles: Profile[];
  /** docs/spec.md §2: in 'manage' the heading reads 'Manage Profiles' and a tile opens Edit Profile. */
  mode: ProfilesMode;
  /** The id of the profile open in Edit Profile, or null. */
  editing: string | null;
  /** The message of the last failed load or change; non-null exactly while tagged 'error'. */
  error: string | null;
  /** The id of the profile the last successful 'profiles.add' created (cleared by the next operation). */
  lastAdded: string | null;
}

export interface ProfilesInput {
  uid: string;
  /** The session's persisted list: shown at once while the server's is read. */
  profiles: Profile[];
  /** Start in manage mode (default: browse). */
  mode?: ProfilesMode;
  /** Start with this profile open in Edit Profile (manage mode); dropped if the server no longer has it. */
  editing?: string | null;
}

export type ProfilesEvent =
  | { type: 'profiles.retry' }
  | { type: 'profiles.toggleManage' }
  | { type: 'profiles.select'; id: string }
  | { type: 'profiles.add'; name: string }
  | { type: 'profiles.edit'; id: string }
  | { type: 'profiles.cancelEdit' }
  | { type: 'profiles.rename'; id: string; name: string }
  | { type: 'profiles.delete'; id: string };

/** The id the server added: the one not in the list held before (matched by id, never by name). */
function addedId(before: Profile[], after: Profile[]): string | null {
  const known = new Set(before.map((profile) => profile.id));
  return after.filter((profile) => !known.has(profile.id)).at(-1)?.id ?? null;
}

/**
 * The profiles screens (docs/spec.md §2, §4): the account's profiles, read from the server (the session's
 * copy is shown meanwhile), in browse or manage mode; selecting, adding, renaming and deleting
 * by id. Every change answers with the server's whole list, which replaces this one and is
 * handed to `profilesChanged` so the session's persisted list follows. Effects are named here
 * and implemented by the caller with `.provide()`.
 */
export const profilesMachine = setup({
  types: {
    context: {} as ProfilesContext,
    input: {} as ProfilesInput,
    events: {} as ProfilesEvent,
  },
  actors: {
    listProfiles: fromPromise<Profile[], { uid: string }>(async () => notProvided('profiles', 'listProfiles')),
    addProfile: fromPromise<Profile[], { uid: string; name: string }>(async () =>
      notProvided('profiles', 'addProfile'),
    ),
    renameProfile: fromPromise<Profile[], { uid: string; id: string; name: string }>(async () =>
      notProvided('profiles', 'renameProfile'),
    ),
    deleteProfile: fromPromise<Profile[], { uid: string; id: string }>(async () =>
      notProvided('profiles', 'deleteProfile'),
    ),
    selectProfile: fromPromise<Profile[], { uid: string; id: string }>(async () =>
      notProvided('profiles', 'selectProfile'),
    ),
  },
  actions: {
    /** The screen updates the session's persisted list with the server's new one. */
    profilesChanged: (_, _profiles: Profile[]) => notProvided('profiles', 'profilesChanged'),
    clearError: assign({ error: null }),
    /** Entering an operation: the previous error and outcome no longer apply. */
    startOperation: assign({ error: null, lastAdded: null }),
    toggleMode: assign({ mode: ({ context }) => (context.mode === 'browse' ? 'manage' : 'browse') }),
  },
  guards: {
    inManageMode: ({ context }) => context.mode === 'manage',
    knowsProfile: ({ context, event }) =>
      event.type === 'profiles.edit' && context.profiles.some((profile) => profile.id === event.id),
  },
}).createMachine({
  id: 'profiles',
  context: ({ input }) => ({
    uid: input.uid,
    profiles: input.profiles,
    mode: input.editing ? 'manage' : (input.mode ?? 'browse'),
    editing: input.editing ?? null,
    error: null,
    lastAdded: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy', 'loading'],
      entry: 'clearError',
      on: { 'profiles.toggleManage': { actions: 'toggleMode' } },
      invoke: {
        src: 'listProfiles',
        input: ({ context }) => ({ uid: context.uid }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              profiles: ({ event }) => event.output,
              // A profile deleted elsewhere can no longer be edited.
              editing: ({ context, event }) =>
                event.output.some((profile) => profile.id === context.editing) ? context.editing : null,
            }),
            { type: 'profilesChanged', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: 'inManageMode',
            target: 'ready.manage.failed',
            actions: assign({ error: ({ event }) => errorMessage(event.error) }),
          },
          {
            target: 'ready.browse.failed',
            actions: assign({ error: ({ event }) => errorMessage(event.error) }),
          },
        ],
      },
    },
    ready: {
      initial: 'settling',
      states: {
        /** Picks the mode held in context (after loading or adding). */
        settling: {
          always: [{ guard: 'inManageMode', target: 'manage' }, { target: 'browse' }],
        },
        browse: {
          entry: assign({ mode: 'browse', editing: null }),
          initial: 'idle',
          states: {
            idle: { entry: 'clearError' },
            failed: { tags: ['error'] },
          },
          on: {
            'profiles.toggleManage': 'manage',
            'profiles.retry': '#profiles.loading',
            'profiles.select': 'selecting',
            'profiles.add': 'adding',
          },
        },
        manage: {
          entry: assign({ mode: 'manage' }),
          initial: 'idle',
          states: {
            idle: { entry: 'clearError' },
            failed: { tags: ['error'] },
          },
          on: {
            'profiles.toggleManage': 'browse',
            'profiles.retry': '#profiles.loading',
            'profiles.add': 'adding',
            'profiles.edit': {
              guard: 'knowsProfile',
              target: '.idle',
              actions: assign({ editing: ({ event }) => event.id }),
            },
            'profiles.cancelEdit': { target: '.idle', actions: assign({ editing: null }) },
            'profiles.rename': 'renaming',
            'profiles.delete': 'deleting',
          },
        },
        selecting: {
          tags: ['busy'],
          entry: 'startOperation',
          invoke: {
            src: 'selectProfile',
            input: ({ context, event }) => {
              assertEvent(event, 'profiles.select');
              return { uid: context.uid, id: event.id };
            },
            onDone: {
              target: '#profiles.selected',
              actions: [
                assign({ profiles: ({ event }) => event.output }),
                { type: 'profilesChanged', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'browse.failed',
              actions: assign({ error: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
        adding: {
          tags: ['busy'],
          entry: 'startOperation',
          invoke: {
            src: 'addProfile',
            input: ({ context, event }) => {
              assertEvent(event, 'profiles.add');
              return { uid: context.uid, name: event.name };
            },
            onDone: {
              target: 'settling',
              actions: [
                assign({
                  lastAdded: ({ context, event }) => addedId(context.profiles, event.output),
                  profiles: ({ event }) => event.output,
                }),
                { type: 'profilesChanged', params: ({ event }) => event.output },
              ],
            },
            onError: [
              {
                guard: 'inManageMode',
                target: 'manage.failed',
                actions: assign({ error: ({ event }) => errorMessage(event.error) }),
              },
              {
                target: 'browse.failed',
                actions: assign({ error: ({ event }) => errorMessage(event.error) }),
              },
            ],
          },
        },
        renaming: {
          tags: ['busy'],
          entry: 'startOperation',
          invoke: {
            src: 'renameProfile',
            input: ({ context, event }) => {
              assertEvent(event, 'profiles.rename');
              return { uid: context.uid, id: event.id, name: event.name };
            },
            onDone: {
              target: 'manage',
              actions: [
                assign({ profiles: ({ event }) => event.output, editing: null }),
                { type: 'profilesChanged', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'manage.failed',
              actions: assign({ error: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
        deleting: {
          tags: ['busy'],
          entry: 'startOperation',
          invoke: {
            src: 'deleteProfile',
            input: ({ context, event }) => {
              assertEvent(event, 'profiles.delete');
              return { uid: context.uid, id: event.id };
            },
            onDone: {
              target: 'manage',
              actions: [
                assign({ profiles: ({ event }) => event.output, editing: null }),
                { type: 'profilesChanged', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'manage.failed',
              actions: assign({ error: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
      },
    },
    /** A profile was made active: the screen goes home. */
    selected: {
      type: 'final',
      tags: ['done'],
    },
  },
});
