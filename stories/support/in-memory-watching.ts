import type { MyListItem, ProgressEntry } from '../../shared/watching/watching.schema';
import { MAX_MY_LIST, MY_LIST_FULL_MESSAGE, titleKey } from '../../shared/watching/watching-rules';
import type { ProfileRef, WatchingStore } from '../../src/services/watching/watching.port';

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
}

/**
 * A test double of the watching port for stories: each profile's My List and Continue Watching
 * in memory, with the server's My List limit and message. Never used by the app.
 */
export function createInMemoryWatching(options: InMemoryWatchingOptions = {}): WatchingStore {
  const lists = new Map(Object.entries(options.myList ?? {}).map(([id, items]) => [id, [...items]]));
  const progress = new Map(Object.entries(options.progress ?? {}).map(([id, entries]) => [id, [...entries]]));
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 150));
  const call = async <T>(name: string, run: () => T): Promise<T> => {
    await pause();
    const failure = typeof options.failWith === 'function' ? options.failWith(name) : options.failWith;
    if (failure) throw new Error(failure);
    return run();
  };
  const listOf = (profile: ProfileRef) => lists.get(profile.profileId) ?? [];
  const progressOf = (profile: ProfileRef) => progress.get(profile.profileId) ?? [];

  return {
    myList: {
      list: (profile) => call('myList.list', () => [...listOf(profile)]),
      add: (profile, item) =>
        call('myList.add', () => {
          const key = titleKey(item.media_type, item.id);
          const others = listOf(profile).filter((listed) => listed.key !== key);
          if (others.length >= MAX_MY_LIST) throw new Error(MY_LIST_FULL_MESSAGE);
          const next = [{ key, ...item, added_at: new Date().toISOString() }, ...others];
          lists.set(profile.profileId, next);
          return [...next];
        }),
      remove: (profile, key) =>
        call('myList.remove', () => {
          const next = listOf(profile).filter((listed) => listed.key !== key);
          lists.set(profile.profileId, next);
          return [...next];
        }),
    },
    progress: {
      list: (profile) => call('progress.list', () => [...progressOf(profile)]),
      save: (profile, write) =>
        call('progress.save', () => {
          const entry = { key: titleKey(write.media_type, write.id), ...write, updated_at: new Date().toISOString() };
          progress.set(profile.profileId, [entry, ...progressOf(profile).filter((e) => e.key !== entry.key)]);
          return entry;
        }),
      remove: (profile, key) =>
        call('progress.remove', () => {
          progress.set(
            profile.profileId,
            progressOf(profile).filter((entry) => entry.key !== key),
          );
        }),
    },
  };
}
