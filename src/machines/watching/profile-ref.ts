import type { ProfileRef } from '../../services/watching/watching.port';

/** The same profile of the same account (both absent counts as the same). */
export function sameProfile(a: ProfileRef | null, b: ProfileRef | null): boolean {
  if (a === null || b === null) return a === b;
  return a.uid === b.uid && a.profileId === b.profileId;
}

/** What a profile's own collection (My List, Continue Watching) is started with. */
export interface ProfileInput {
  profile: ProfileRef | null;
}

/** The context every per-profile collection machine has, besides its own items. */
export interface ProfileCollectionContext {
  /** Whose collection; null while no profile is active (nothing is loaded then). */
  profile: ProfileRef | null;
  /** Why the collection could not be loaded (state `failed`). */
  error: string | null;
  /** Why the store refused the last change that was rolled back, until dismissed. */
  notice: string | null;
}

/** A collection's first state: no active profile, nothing to show; one arriving starts the loading. */
export const awaitingProfile = { always: { guard: 'hasProfile', target: 'loading' } } as const;

/** An invoked read or write's input: the active profile (asked for only once there is one). */
export const activeProfile = ({ context }: { context: ProfileCollectionContext }) => ({ profile: context.profile! });

const storedOutput = <T>({ event }: { event: { output: T } }) => event.output;

/**
 * A collection's loading state: reads the active profile's collection with `src`, then keeps it
 * (the machine's `takeStored`) or remembers why not (`rememberError`).
 */
export const loadingCollection = <Src extends string>(src: Src) =>
  ({
    tags: 'busy',
    invoke: {
      src,
      input: activeProfile,
      onDone: { target: 'loaded', actions: { type: 'takeStored', params: storedOutput } },
      onError: { target: 'failed', actions: 'rememberError' },
    },
  }) as const;
