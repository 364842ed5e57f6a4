/**
 * A title's details request (the detail view's and the player's), as the client's catalogue asks
 * for it (src/services/catalogue/tmdb-catalogue.ts) and the server inlines it for the player page's
 * first screen (server/web/player-first-screen.ts): the same key, so the client takes the server's answer.
 */

/** What the detail view needs beside the details themselves, in the same request. */
const APPENDED = {
  movie: 'credits,similar,release_dates',
  tv: 'credits,similar,content_ratings',
} as const;

export const detailsRequest = (mediaType: 'movie' | 'tv', id: number) =>
  ({ path: `/${mediaType}/${id}`, query: { append_to_response: APPENDED[mediaType] } }) as const;
