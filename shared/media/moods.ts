/**
 * Moods: the video host's trailers and programmes are shared across titles by mood. The server
 * picks a title's trailer with this, and the client picks the programme a title plays, so both
 * agree whichever catalogue is live (the embedded one or TMDB).
 */
export const MOODS = ['action', 'comedy', 'horror', 'romance', 'documentary', 'drama', 'scifi', 'family'] as const;
export type Mood = (typeof MOODS)[number];

/** TMDB genre ids (movie and TV lists) → the mood that suits them. Unlisted genres have no say. */
const MOOD_OF_GENRE: Readonly<Record<number, Mood>> = {
  28: 'action', // Action
  12: 'action', // Adventure
  37: 'action', // Western
  10759: 'action', // Action & Adventure (TV)
  35: 'comedy', // Comedy
  10767: 'comedy', // Talk (TV)
  27: 'horror', // Horror
  53: 'horror', // Thriller
  10749: 'romance', // Romance
  10766: 'romance', // Soap (TV)
  99: 'documentary', // Documentary
  10763: 'documentary', // News (TV)
  10764: 'documentary', // Reality (TV)
  878: 'scifi', // Science Fiction
  14: 'scifi', // Fantasy
  10765: 'scifi', // Sci-Fi & Fantasy (TV)
  16: 'family', // Animation
  10751: 'family', // Family
  10762: 'family', // Kids (TV)
};

/**
 * A title's mood: the one most of its genres point to. Ties are broken by the title's id, so
 * equally mixed titles spread over their moods instead of all taking the first; a title with no
 * mood-bearing genre (drama, crime, mystery, war…) is drama.
 */
export function moodFor(title: { id: number; genreIds: readonly number[] }): Mood {
  const votes = new Map<Mood, number>();
  for (const genre of new Set(title.genreIds)) {
    const mood = MOOD_OF_GENRE[genre];
    if (mood) votes.set(mood, (votes.get(mood) ?? 0) + 1);
  }
  if (votes.size === 0) return 'drama';
  const most = Math.max(...votes.values());
  const tied = MOODS.filter((mood) => votes.get(mood) === most);
  return tied[Math.abs(title.id) % tied.length];
}
