/** What a Play button asks to watch: a film, or one episode of a series. */
export interface WatchTarget {
  mediaType: 'movie' | 'tv';
  id: number;
  season?: number;
  episode?: number;
}
