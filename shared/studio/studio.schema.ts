/**
 * The studio's documents (server/studio, src/screens/studio): one item with its facts, art,
 * tracks and markers; the operator's corrections; the operators. The overview is the library's
 * (shared/library/library-overview.schema.ts).
 */
import { type Static, type TSchema, Type } from 'typebox';

import { LibraryFileStatus, LibraryTitleStatus } from '../library/library-overview.schema.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MarkerSchema = Type.Object({
  kind: Type.Union([Type.Literal('intro'), Type.Literal('recap'), Type.Literal('credits')]),
  start: Type.Number({ minimum: 0 }),
  end: Type.Number({ minimum: 0 }),
});

export const Track = Type.Object({ language: Type.String(), label: Type.String() });
export type Track = Static<typeof Track>;

export const StudioFile = Type.Object({
  ...LibraryFileStatus.properties,
  ...{
    /** What ingest made, once it has: the audio and subtitle renditions, and the length. */
    tracks: Nullable(Type.Object({ duration: Type.Number(), audio: Type.Array(Track), subtitles: Type.Array(Track) })),
    /** The skip markers the player uses: the operator's, or else those the file's chapters name. */
    markers: Type.Array(MarkerSchema),
    markersFrom: Type.Union([Type.Literal('operator'), Type.Literal('chapters'), Type.Literal('none')]),
  },
});
export type StudioFile = Static<typeof StudioFile>;

/** The facts an operator may correct, as they stand (corrections laid over the NFO's or the name's). */
export const StudioFacts = Type.Object({
  title: Type.String(),
  year: Nullable(Type.Integer()),
  plot: Type.String(),
  certification: Type.String(),
  genres: Type.Array(Type.String()),
});
export type StudioFacts = Static<typeof StudioFacts>;

export const StudioItem = Type.Object({
  title: Type.Omit(LibraryTitleStatus, ['files']),
  facts: StudioFacts,
  /** Which facts the operator has corrected (kept over every rescan). */
  corrected: Type.Array(Type.String()),
  /** The art's addresses on the image host (local art, or generated), or null. */
  art: Type.Object({ poster: Nullable(Type.String()), backdrop: Nullable(Type.String()) }),
  /** For a matched title, the catalogue title's name. */
  matchedName: Nullable(Type.String()),
  files: Type.Array(StudioFile),
});
export type StudioItem = Static<typeof StudioItem>;

/** A correction of facts: a field left out is kept, null clears the operator's correction. */
export const FactsCorrection = Type.Object(
  {
    title: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 300 }))),
    year: Type.Optional(Nullable(Type.Integer({ minimum: 1870, maximum: 2100 }))),
    plot: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
    certification: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    genres: Type.Optional(Nullable(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 20 }))),
  },
  { additionalProperties: false },
);
export type FactsCorrection = Static<typeof FactsCorrection>;

export const MatchCorrection = Type.Object(
  { catalogueId: Nullable(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
export type MatchCorrection = Static<typeof MatchCorrection>;

export const MarkersBody = Type.Object(
  { markers: Type.Array(MarkerSchema, { maxItems: 3 }) },
  { additionalProperties: false },
);
export type MarkersBody = Static<typeof MarkersBody>;

export const PublishBody = Type.Object({ published: Type.Boolean() }, { additionalProperties: false });

/** A catalogue title an operator may match an item to. */
export const CatalogueChoice = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  year: Nullable(Type.Integer()),
});
export type CatalogueChoice = Static<typeof CatalogueChoice>;

export const Operator = Type.Object({ uid: Type.String(), email: Type.String() });
export type Operator = Static<typeof Operator>;
export const OperatorList = Type.Object({ operators: Type.Array(Operator) });
export const GrantBody = Type.Object({ email: Type.String({ maxLength: 1024 }) }, { additionalProperties: false });
