import { type Mood, moodFor } from '../../shared/media/moods.ts';

/** What Continue Watching and My List may store: a title that can be watched, and how long it plays. */
export interface WatchableTitle {
  durationSeconds: number;
}

/** Finds a title in one collection of titles, or null when it has no such title. */
export type TitleSource = (mediaType: 'movie' | 'tv', id: number) => WatchableTitle | null;

/**
 * The one check of the watching documents' title ids: a title is watchable when one of the
 * sources knows it (the shipped catalogue; the operator's own library once it exists), and plays
 * for as long as that source says. The first source that knows the title answers.
 */
export function watchableTitles(sources: readonly TitleSource[]): TitleSource {
  return (mediaType, id) => {
    for (const source of sources) {
      const title = source(mediaType, id);
      if (title) return title;
    }
    return null;
  };
}

/** The shipped catalogue's titles: each plays its mood's demo programme. */
export function catalogueTitles(
  findTitle: (mediaType: 'movie' | 'tv', id: number) => { id: number; genreIds: readonly number[] } | null,
  programmeSeconds: ReadonlyMap<Mood, number>,
): TitleSource {
  return (mediaType, id) => {
    const title = findTitle(mediaType, id);
    return title ? { durationSeconds: programmeSeconds.get(moodFor(title))! } : null;
  };
}

/**
 * The titles the operator's library plays (its own, and catalogue titles it has a programme for),
 * for as long as their longest published programme: listed before the catalogue, whose mood
 * programme a matched title no longer plays.
 */
export function libraryTitles(durationSeconds: (mediaType: 'movie' | 'tv', id: number) => number | null): TitleSource {
  return (mediaType, id) => {
    const seconds = durationSeconds(mediaType, id);
    return seconds === null ? null : { durationSeconds: seconds };
  };
}
