/**
 * Continue Watching and My List documents, as JSON Schema (TypeBox) with their TypeScript types.
 * The server validates with the schemas; the client imports only the types (`import type`), so
 * TypeBox never reaches its bundle. Stored per profile: customers/{uid}/profiles/{profileId}/
 * progress/{key} and .../my_list/{key} (the same paths in Firestore and the embedded server).
 */
import { type Static, Type } from 'typebox';

import { MAX_STORED_TITLE_LENGTH, TITLE_KEY_PATTERN } from './watching-rules.ts';

export const TitleKey = Type.String({ pattern: TITLE_KEY_PATTERN, description: '`movie-{id}` or `tv-{id}`' });
const MediaType = Type.Union([Type.Literal('movie'), Type.Literal('tv')]);
const TitleId = Type.Integer({ minimum: 1, maximum: 9_999_999_999 });
const DisplayTitle = Type.String({ minLength: 1, maxLength: MAX_STORED_TITLE_LENGTH });
const ImagePath = Type.Union([Type.String({ pattern: '^/[A-Za-z0-9._-]{1,200}$' }), Type.Null()]);
const EpisodeNumber = Type.Union([Type.Integer({ minimum: 0, maximum: 10_000 }), Type.Null()]);
const Seconds = Type.Number({ minimum: 0, maximum: 86_400 });

/** What the player saves: where the viewer is in a title (for a series, in which episode). */
export const ProgressWrite = Type.Object(
  {
    media_type: MediaType,
    id: TitleId,
    season_number: EpisodeNumber,
    episode_number: EpisodeNumber,
    position_seconds: Seconds,
    duration_seconds: Type.Number({ exclusiveMinimum: 0, maximum: 86_400 }),
    /** The title's display name and art, so a Continue Watching row renders without a fetch per card. */
    title: DisplayTitle,
    backdrop_path: ImagePath,
  },
  { additionalProperties: false },
);
export type ProgressWrite = Static<typeof ProgressWrite>;

export const ProgressEntry = Type.Object({
  key: TitleKey,
  ...ProgressWrite.properties,
  updated_at: Type.String({ description: 'ISO 8601 time of the last save' }),
});
export type ProgressEntry = Static<typeof ProgressEntry>;

export const MyListWrite = Type.Object(
  {
    media_type: MediaType,
    id: TitleId,
    title: DisplayTitle,
    backdrop_path: ImagePath,
    poster_path: ImagePath,
  },
  { additionalProperties: false },
);
export type MyListWrite = Static<typeof MyListWrite>;

export const MyListItem = Type.Object({
  key: TitleKey,
  ...MyListWrite.properties,
  added_at: Type.String({ description: 'ISO 8601 time it was added' }),
});
export type MyListItem = Static<typeof MyListItem>;
