/**
 * Thumbs ratings and the "Because you watched" rows, as JSON Schema (TypeBox) with their
 * TypeScript types. The server validates with the schemas; the client imports only the types.
 * A rating is stored per profile: customers/{uid}/profiles/{profileId}/ratings/{key}.
 */
import { type Static, Type } from 'typebox';

import { TmdbTitleItem } from '../catalogue/tmdb-lists.schema.ts';
import { TitleKey } from '../watching/watching.schema.ts';
import { RATINGS } from './ratings-rules.ts';

const MediaType = Type.Union([Type.Literal('movie'), Type.Literal('tv')]);

export const Rating = Type.Union([Type.Literal(RATINGS[0]), Type.Literal(RATINGS[1]), Type.Literal(RATINGS[2])]);

/** What a PUT of a rating carries: the title is named by the document's key. */
export const RatingWrite = Type.Object({ rating: Rating }, { additionalProperties: false });
export type RatingWrite = Static<typeof RatingWrite>;

export const RatingEntry = Type.Object({
  key: TitleKey,
  media_type: MediaType,
  id: Type.Integer({ minimum: 1 }),
  rating: Rating,
  rated_at: Type.String({ description: 'ISO 8601 time it was rated' }),
});
export type RatingEntry = Static<typeof RatingEntry>;

/** One "Because you watched {title}" row: the title it follows from, and titles in TMDB's list shape. */
export const BecauseYouWatchedRow = Type.Object({
  because: Type.Object({ key: TitleKey, media_type: MediaType, id: Type.Integer({ minimum: 1 }), name: Type.String() }),
  results: Type.Array(TmdbTitleItem),
});
export type BecauseYouWatchedRow = Static<typeof BecauseYouWatchedRow>;

export const BecauseYouWatchedAnswer = Type.Object({ rows: Type.Array(BecauseYouWatchedRow) });
export type BecauseYouWatchedAnswer = Static<typeof BecauseYouWatchedAnswer>;
