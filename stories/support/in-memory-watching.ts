import { Compile } from 'typebox/compile';

import { PROFILE_MESSAGES } from '../../shared/profiles/profile-rules';
import { type MyListItem, MyListWrite, type ProgressEntry, ProgressWrite } from '../../shared/watching/watching.schema';
import {
  INVALID_TITLE_KEY_MESSAGE,
  isTitleKey,
  MAX_MY_LIST,
  MAX_PROGRESS,
  MY_LIST_FULL_MESSAGE,
  titleKey,
} from '../../shared/watching/watching-rules';
import type { ProfileRef, WatchingStore } from '../../src/services/watching/watching.port';

// The server's own schemas (shared/watching), so the fake refuses what the server refuses.
const myListWrite = Compile(MyListWrite);
const progressWrite = Compile(ProgressWrite);

export interface InMemoryWatchingOptions {
  /** Each profile's My List (by profile id), newest first. */
  myList?: Record<string, MyListItem[]>;
  /** Each profile's Continue Watching (by profile id), newest first. */
  progress?: Record<string, ProgressEntry[]>;
  delayMs?: number;
  /**
   * Calls reject with this message (a server that cannot be reached); a function is asked at
   * every call with what is being done ("myList.list", "myList.add", "progress.remove"...),
   * so a story can refuse one kind of call or bring the server back (null: answer normally).
   */
  failWith?: string | ((call: string) => string | null);
  /** The account whose lists these are: calls for any other uid are refused. Unset: any uid. */
  ownerUid?: string;
  /**
   * Whether the account has this profile (the profiles fake answers it); calls for one it has
   * not answer "There is no such profile.", as the server does. Unset: every profile exists.
   */
  hasProfile?: (profile: ProfileRef) => Promise<boolean>;
}

/**
 * A test double of the watching port for stories: each profile's My List and Continue Watching
 * in memory, with the server's schemas, limits and messages (shared/watching), held to the same
 * contract suites as the real adapters (tests/contract/fake.watching.test.ts). Never used by the app.
 */
export function createInMemoryWatching(options: InMemoryWatchingOptions = {}): WatchingStore {
  const lists = new Map(Object.entries(options.myList ?? {}).map(([id, items]) => [id, [...items]]));
  const progress = new Map(Object.entries(options.progress ?? {}).map(([id, entries]) => [id, [...entries]]));
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 150));
  const call = async <T>(name: string, profile: ProfileRef, run: () => T): Promise<T> => {
    await pause();
    const failure = typeof options.failWith === 'function' ? options.failWith(name) : options.failWith;
    if (failure) throw new Error(failure);
    // The server's answer to another customer's uid (403).
    if (options.ownerUid !== undefined && profile.uid !== options.ownerUid) {
      throw new Error('You can only reach your own profiles.');
    }
    if (options.hasProfile && !(await options.hasProfile(profile))) {
      // A profile deleted meanwhile takes its lists with it.
      lists.delete(profile.profileId);
      progress.delete(profile.profileId);
      throw new Error(PROFILE_MESSAGES.notFound);
    }
    return run();
  };
  const listOf = (profile: ProfileRef) => lists.get(profile.profileId) ?? [];
  const progressOf = (profile: ProfileRef) => progress.get(profile.profileId) ?? [];
  const requireKey = (key: string) => {
    if (!isTitleKey(key)) throw new Error(INVALID_TITLE_KEY_MESSAGE);
  };
  const requireShape = (valid: boolean) => {
    if (!valid) throw new Error('That title is not one Marquee can store.');
  };

  return {
    myList: {
      list: (profile) => call('myList.list', profile, () => [...listOf(profile)]),
      add: (profile, item) =>
        call('myList.add', profile, () => {
          requireShape(myListWrite.Check(item));
          const key = titleKey(item.media_type, item.id);
          const list = listOf(profile);
          const index = list.findIndex((listed) => listed.key === key);
          // A title already there keeps its place and when it was added; only how it shows changes.
          if (index >= 0) {
            list[index] = { ...list[index], ...item };
          } else {
            if (list.length >= MAX_MY_LIST) throw new Error(MY_LIST_FULL_MESSAGE);
            list.unshift({ key, ...item, added_at: new Date().toISOString() });
          }
          lists.set(profile.profileId, list);
          return [...list];
        }),
      remove: (profile, key) =>
        call('myList.remove', profile, () => {
          requireKey(key);
          const next = listOf(profile).filter((listed) => listed.key !== key);
          lists.set(profile.profileId, next);
          return [...next];
        }),
    },
    progress: {
      list: (profile) => call('progress.list', profile, () => [...progressOf(profile)]),
      save: (profile, write) =>
        call('progress.save', profile, () => {
          requireShape(progressWrite.Check(write));
          const entry = { key: titleKey(write.media_type, write.id), ...write, updated_at: new Date().toISOString() };
          const others = progressOf(profile).filter((e) => e.key !== entry.key);
          progress.set(profile.profileId, [entry, ...others].slice(0, MAX_PROGRESS));
          return entry;
        }),
      remove: (profile, key) =>
        call('progress.remove', profile, () => {
          requireKey(key);
          progress.set(
            profile.profileId,
            progressOf(profile).filter((entry) => entry.key !== key),
          );
        }),
    },
  };
}
