import { and, assertEvent, assign, emit, setup } from 'xstate';

import type { ProfileSettings } from '../../../shared/profiles/profile.schema';
import type { AvatarId } from '../../../shared/profiles/profile-options';
import type { LockChange, MaturityChange } from '../../services/account-store/profiles.port';
import type { Profile } from '../../services/user-state/user-state.port';
import { errorMessage } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import {
  type ProfilesContext,
  type ProfilesEmitted,
  type ProfilesEvent,
  type ProfilesInput,
  WHO_IS_WATCHING_FROM,
} from './profiles-types';

const output = ({ event }: { event: { output: Profile[] } }) => event.output;
const failure = ({ event }: { event: { error: unknown } }) => event.error;

/** The server's answer: it replaces this list and is persisted. */
const keepList = [
  { type: 'setProfiles', params: output },
  { type: 'persistProfiles', params: output },
] as const;

/** Browse and manage each show a failure until the next step clears it. */
const withFailure = {
  initial: 'idle',
  states: {
    idle: { entry: 'clearError' },
    failed: { tags: 'error' },
  },
} as const;

/** A rename or a delete: back to manage with the server's list, or manage shows why not. */
const savedInManage = {
  onDone: {
    target: 'manage',
    actions: [...keepList, 'stopEditing', 'announceSaved'],
  },
  onError: { target: 'manage.failed', actions: { type: 'failWith', params: failure } },
} as const;

const activeIsLocked = (profiles: Profile[]) => profiles.some((profile) => profile.activeProfile && profile.locked);
/** This device watches as none of them (its profile is locked, or was deleted): it must choose. */
const noneActive = (profiles: Profile[]) => profiles.length > 0 && !profiles.some((profile) => profile.activeProfile);

/** Settings or a lock saved: Edit Profile stays open on the server's list, or shows why not. */
const savedInPlace = {
  onDone: { target: 'manage', actions: [...keepList, 'announceSettingsSaved'] },
  onError: { target: 'manage.failed', actions: { type: 'failWith', params: failure } },
} as const;

/** Choosing a profile: a locked one asks for its PIN first, any other is selected at once. */
const selectOrAsk = [
  { guard: 'needsPin', target: 'unlocking', actions: 'askPin' },
  { target: 'selecting', actions: 'choose' },
] as const;

/**
 * The account's profiles (docs/spec.md §2, §4), owned once for the signed-in app: the session
 * starts it at sign-in, the screens and the top bar read it and send it events. It reads the
 * server's list (the persisted copy is shown meanwhile), in browse or manage mode, and selects,
 * adds, renames and deletes by id, changes a profile's settings and lock, and asks a locked
 * profile's PIN before selecting it. Every change answers with the server's whole list, which
 * replaces this one and is persisted. Effects are named here and provided by the caller.
 */
export const profilesMachine = setup({
  types: {
    context: {} as ProfilesContext,
    input: {} as ProfilesInput,
    events: {} as ProfilesEvent,
    emitted: {} as ProfilesEmitted,
  },
  actors: {
    listProfiles: fromPromise<Profile[], { uid: string }>(async () => notProvided('profiles', 'listProfiles')),
    addProfile: fromPromise<Profile[], { uid: string; name: string; avatar?: AvatarId; pin?: string; kids?: boolean }>(
      async () => notProvided('profiles', 'addProfile'),
    ),
    renameProfile: fromPromise<Profile[], { uid: string; id: string; name: string; avatar?: AvatarId; kids?: boolean }>(
      async () => notProvided('profiles', 'renameProfile'),
    ),
    changeSettings: fromPromise<Profile[], { uid: string; id: string; settings: ProfileSettings }>(async () =>
      notProvided('profiles', 'changeSettings'),
    ),
    /** A change the account password guards: the lock, or the maturity rating. */
    changeGuarded: fromPromise<Profile[], { uid: string; id: string; lock: LockChange | MaturityChange }>(async () =>
      notProvided('profiles', 'changeGuarded'),
    ),
    deleteProfile: fromPromise<Profile[], { uid: string; id: string }>(async () =>
      notProvided('profiles', 'deleteProfile'),
    ),
    selectProfile: fromPromise<Profile[], { uid: string; id: string; pin?: string }>(async () =>
      notProvided('profiles', 'selectProfile'),
    ),
  },
  actions: {
    /** Keeps the new list where a reload starts from (docs/spec.md §3). */
    persistProfiles: (_, _profiles: Profile[]) => notProvided('profiles', 'persistProfiles'),
    /** The server's list replaces this one; a profile deleted elsewhere can no longer be edited. */
    setProfiles: assign(({ context }, profiles: Profile[]) => ({
      profiles,
      editing: profiles.some((profile) => profile.id === context.editing) ? context.editing : null,
    })),
    clearError: assign({ error: null }),
    failWith: assign((_, error: unknown) => ({ error: errorMessage(error) })),
    openScreen: assign(({ event }) => {
      assertEvent(event, 'profiles.open');
      return { mode: event.editing ? 'manage' : (event.mode ?? 'browse'), editing: event.editing ?? null };
    }),
    toggleMode: assign({ mode: ({ context }) => (context.mode === 'browse' ? 'manage' : 'browse') }),
    enterBrowse: assign({ mode: 'browse', editing: null }),
    enterManage: assign({ mode: 'manage' }),
    editProfile: assign(({ event }) => {
      assertEvent(event, 'profiles.edit');
      return { editing: event.id };
    }),
    stopEditing: assign({ editing: null }),
    /**
     * After the first read: two or more profiles at sign-in ask "Who's Watching?", and so does a
     * locked active profile whenever the app starts (a reload, an address opened directly): this
     * tab has not been given its PIN. Otherwise the viewer goes in. At any read, a list with no
     * active profile closes the door: the server answers none to a device that has not opened the
     * account's locked profile, or whose profile was deleted on another device.
     */
    decideDoor: assign(({ context }, profiles: Profile[]) => ({
      door:
        context.door !== 'deciding'
          ? context.door === 'open' && noneActive(profiles)
            ? 'choose'
            : context.door
          : (context.askWho && profiles.length >= WHO_IS_WATCHING_FROM) ||
              activeIsLocked(profiles) ||
              noneActive(profiles)
            ? 'choose'
            : 'open',
    })),
    openDoor: assign({ door: 'open' as const }),
    announceSelected: emit({ type: 'profiles.selected' }),
    announceAdded: emit({ type: 'profiles.added' }),
    announceSaved: emit({ type: 'profiles.saved' }),
    announceSettingsSaved: emit({ type: 'profiles.settingsSaved' }),
    /** The profile chosen, without a PIN. */
    choose: assign(({ event }) => {
      assertEvent(event, 'profiles.select');
      return { choice: { id: event.id }, unlocking: null };
    }),
    /** A locked profile was chosen: its PIN is asked before anything is sent. */
    askPin: assign(({ event }) => {
      assertEvent(event, 'profiles.select');
      return { unlocking: event.id, choice: null };
    }),
    unlockWith: assign(({ context, event }) => {
      assertEvent(event, 'profiles.unlock');
      return { choice: context.unlocking ? { id: context.unlocking, pin: event.pin } : null };
    }),
    /** The PIN is never kept past the server's answer. */
    forgetChoice: assign({ choice: null }),
    stopUnlocking: assign({ unlocking: null, choice: null }),
  },
  guards: {
    inManageMode: ({ context }) => context.mode === 'manage',
    /** Still deciding at sign-in, no screen is shown; only the list's answer opens the door. */
    doorIsOpen: ({ context }) => context.door !== 'deciding',
    knowsProfile: ({ context, event }) =>
      event.type === 'profiles.edit' && context.profiles.some((profile) => profile.id === event.id),
    /** A locked profile asks for its PIN first (the server refuses it without one anyway). */
    needsPin: ({ context, event }) =>
      event.type === 'profiles.select' && context.profiles.some((profile) => profile.id === event.id && profile.locked),
    /** The refused selection was an unlock: the PIN is asked again, with why. */
    wasUnlocking: ({ context }) => context.unlocking !== null,
  },
}).createMachine({
  id: 'profiles',
  context: ({ input }) => ({
    uid: input.uid,
    profiles: input.profiles,
    mode: 'browse',
    editing: null,
    error: null,
    door: input.door || activeIsLocked(input.profiles) || noneActive(input.profiles) ? 'deciding' : 'open',
    askWho: input.door === true,
    unlocking: null,
    choice: null,
  }),
  initial: 'loading',
  on: { 'profiles.open': { target: '.loading', actions: ['openScreen', 'stopUnlocking'] } },
  states: {
    loading: {
      tags: ['busy', 'loading'],
      entry: 'clearError',
      on: {
        'profiles.toggleManage': { actions: 'toggleMode' },
        // The top bar's menu is live (on the persisted list) while the list is read: a profile
        // chosen then is selected at once, not dropped; the server's answer is the newer list.
        'profiles.select': [
          { guard: and(['doorIsOpen', 'needsPin']), target: 'ready.unlocking', actions: 'askPin' },
          { guard: 'doorIsOpen', target: 'ready.selecting', actions: 'choose' },
        ],
      },
      invoke: {
        src: 'listProfiles',
        input: ({ context }) => ({ uid: context.uid }),
        onDone: {
          target: 'ready',
          actions: [...keepList, { type: 'decideDoor', params: output }],
        },
        // Without the list there is nothing to choose from: the viewer goes in and sees why.
        onError: [
          {
            guard: 'inManageMode',
            target: 'ready.manage.failed',
            actions: [{ type: 'failWith', params: failure }, 'openDoor'],
          },
          { target: 'ready.browse.failed', actions: [{ type: 'failWith', params: failure }, 'openDoor'] },
        ],
      },
    },
    ready: {
      initial: 'settling',
      states: {
        /** Picks the mode held in context (after loading, adding or selecting). */
        settling: {
          always: [{ guard: 'inManageMode', target: 'manage' }, { target: 'browse' }],
        },
        browse: {
          entry: 'enterBrowse',
          ...withFailure,
          on: {
            'profiles.toggleManage': 'manage',
            'profiles.retry': '#profiles.loading',
            'profiles.select': selectOrAsk,
            'profiles.add': 'adding',
          },
        },
        manage: {
          entry: 'enterManage',
          ...withFailure,
          on: {
            'profiles.toggleManage': 'browse',
            'profiles.retry': '#profiles.loading',
            // The top bar's menu switches profile from any page.
            'profiles.select': selectOrAsk,
            'profiles.add': 'adding',
            'profiles.edit': { guard: 'knowsProfile', target: '.idle', actions: 'editProfile' },
            'profiles.cancelEdit': { target: '.idle', actions: 'stopEditing' },
            'profiles.rename': 'renaming',
            'profiles.delete': 'deleting',
            'profiles.changeSettings': 'changingSettings',
            'profiles.changeGuarded': 'changingGuarded',
          },
        },
        /** A locked profile was chosen: its PIN is asked (the lock's dialog) until given or cancelled. */
        unlocking: {
          ...withFailure,
          on: {
            'profiles.unlock': { target: 'selecting', actions: 'unlockWith' },
            'profiles.cancelUnlock': { target: 'settling', actions: 'stopUnlocking' },
            'profiles.select': selectOrAsk,
          },
        },
        selecting: {
          tags: ['busy'],
          invoke: {
            src: 'selectProfile',
            input: ({ context }) => ({ uid: context.uid, id: context.choice?.id ?? '', pin: context.choice?.pin }),
            onDone: {
              target: 'settling',
              actions: [...keepList, 'stopUnlocking', 'openDoor', 'announceSelected'],
            },
            onError: [
              {
                guard: 'wasUnlocking',
                target: 'unlocking.failed',
                actions: [{ type: 'failWith', params: failure }, 'forgetChoice'],
              },
              { target: 'browse.failed', actions: [{ type: 'failWith', params: failure }, 'forgetChoice'] },
            ],
          },
        },
        changingSettings: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            src: 'changeSettings',
            input: ({ context, event }) => {
              assertEvent(event, 'profiles.changeSettings');
              return { uid: context.uid, id: event.id, settings: event.settings };
            },
            ...savedInPlace,
          },
        },
        /** The lock or the maturity rating: both are set with the account password. */
        changingGuarded: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            src: 'changeGuarded',
            input: ({ context, event }) => {
              assertEvent(event, 'profiles.changeGuarded');
              const { type: _, id, ...lock } = event;
              return { uid: context.uid, id, lock };
            },
            ...savedInPlace,
          },
        },
        adding: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            src: 'addProfile',
            input: ({ context, event }) => {
              assertEvent(event, 'profiles.add');
              return { uid: context.uid, name: event.name, avatar: event.avatar, pin: event.pin, kids: event.kids };
            },
            onDone: {
              target: 'settling',
              actions: [...keepList, 'announceAdded'],
            },
            onError: [
              { guard: 'inManageMode', target: 'manage.failed', actions: { type: 'failWith', params: failure } },
              { target: 'browse.failed', actions: { type: 'failWith', params: failure } },
            ],
          },
        },
        renaming: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            src: 'renameProfile',
            input: ({ context, event }) => {
              assertEvent(event, 'profiles.rename');
              return { uid: context.uid, id: event.id, name: event.name, avatar: event.avatar, kids: event.kids };
            },
            ...savedInManage,
          },
        },
        deleting: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            src: 'deleteProfile',
            input: ({ context, event }) => {
              assertEvent(event, 'profiles.delete');
              return { uid: context.uid, id: event.id };
            },
            ...savedInManage,
          },
        },
      },
    },
  },
});
