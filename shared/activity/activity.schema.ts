/**
 * Viewing activity documents, as JSON Schema (TypeBox) with their TypeScript types: the lines of
 * customers/{uid}/profiles/{profileId}/activity. The client imports only the types.
 */
import { type Static, Type } from 'typebox';

import { MAX_STORED_TITLE_LENGTH } from '../watching/watching-rules.ts';
import { PLAY_KEY_PATTERN } from './activity-rules.ts';

export const PlayKey = Type.String({ pattern: PLAY_KEY_PATTERN, description: '`movie-603` or `tv-1399-s1e2`' });
const EpisodeNumber = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);

/** One title or episode a profile watched, and when it last did. */
export const ActivityItem = Type.Object({
  key: PlayKey,
  media_type: Type.Union([Type.Literal('movie'), Type.Literal('tv')]),
  id: Type.Integer({ minimum: 1 }),
  season_number: EpisodeNumber,
  episode_number: EpisodeNumber,
  title: Type.String({ minLength: 1, maxLength: MAX_STORED_TITLE_LENGTH }),
  played_at: Type.String({ description: 'ISO 8601 time of the last play' }),
});
export type ActivityItem = Static<typeof ActivityItem>;

export const ActivityList = Type.Object({ items: Type.Array(ActivityItem) });
export type ActivityList = Static<typeof ActivityList>;
