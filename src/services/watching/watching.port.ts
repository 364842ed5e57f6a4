import type { ActivityItem } from '../../../shared/activity/activity.schema';
import type { MyListItem, MyListWrite, ProgressEntry, ProgressWrite } from '../../../shared/watching/watching.schema';
import type { RatingsStore } from '../ratings/ratings.port';

/** Which profile's documents: customers/{uid}/profiles/{profileId}. */
export interface ProfileRef {
  uid: string;
  profileId: string;
}

/**
 * Where each profile stopped watching (Continue Watching). One entry per title: a series keeps
 * the episode inside. Lists come newest first. Failures reject with an Error whose message can
 * be shown to the person.
 */
export interface ProgressStore {
  list(profile: ProfileRef): Promise<ProgressEntry[]>;
  /** Saves where the viewer is in a title, replacing its entry; resolves with the stored entry. */
  save(profile: ProfileRef, entry: ProgressWrite): Promise<ProgressEntry>;
  /** Removes a title from Continue Watching (finished, or removed by the viewer). */
  remove(profile: ProfileRef, key: string): Promise<void>;
}

/** Each profile's My List, newest first. Every change resolves with the whole list as stored. */
export interface MyListStore {
  list(profile: ProfileRef): Promise<MyListItem[]>;
  add(profile: ProfileRef, item: MyListWrite): Promise<MyListItem[]>;
  remove(profile: ProfileRef, key: string): Promise<MyListItem[]>;
}

/**
 * Each profile's viewing activity: every title and episode it watched, newest first. Hiding a
 * line resolves with the activity as stored; a title with every line hidden leaves Continue
 * Watching and recommendations.
 */
export interface ActivityStore {
  list(profile: ProfileRef): Promise<ActivityItem[]>;
  hide(profile: ProfileRef, key: string): Promise<ActivityItem[]>;
  /** Where "Download all" saves the activity from, as a CSV file. */
  csvAddress(profile: ProfileRef): string;
}

export interface WatchingStore {
  progress: ProgressStore;
  myList: MyListStore;
  /** Thumbs ratings and "Because you watched"; absent where the backend keeps none (hosted mode). */
  ratings?: RatingsStore;
  /** Where the store keeps viewing activity (the embedded server; not the hosted one). */
  activity?: ActivityStore;
}
