/**
 * What an operator reads of the library (the studio's library and folders pages): each folder
 * and how its scan went, each film and series with its match, its files and their state. The
 * server builds it (server/library/library-overview.ts); the studio will import the types.
 */
import { type Static, type TSchema, Type } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const LibraryFolderStatus = Type.Object({
  path: Type.String(),
  /** scanning, watching (scanned, and followed since), missing (cannot be read), failed. */
  state: Type.Union([
    Type.Literal('scanning'),
    Type.Literal('watching'),
    Type.Literal('missing'),
    Type.Literal('failed'),
  ]),
  /** When the last whole scan finished (ISO 8601), or null before one has. */
  scannedAt: Nullable(Type.String()),
  videos: Type.Integer({ minimum: 0 }),
  error: Nullable(Type.String()),
});
export type LibraryFolderStatus = Static<typeof LibraryFolderStatus>;

export const LibraryFileStatus = Type.Object({
  /** The library's file key: what the studio's retry and markers name. */
  key: Type.Integer({ minimum: 1 }),
  /** Ingest's key for the file (`library-<key>`). */
  ingestKey: Type.String(),
  path: Type.String(),
  /** present (handed to ingest), removed (gone from the folder), failed (with its reason). */
  state: Type.Union([Type.Literal('present'), Type.Literal('removed'), Type.Literal('failed')]),
  failure: Nullable(Type.String()),
  /** Ingest's last word on it (queued, probing, transcoding, ready, failed...), and its progress. */
  ingestState: Nullable(Type.String()),
  ingestPercent: Nullable(Type.Number()),
  /** Only for an episode's file. */
  season: Type.Optional(Type.Integer({ minimum: 0 })),
  episode: Type.Optional(Type.Integer({ minimum: 0 })),
  episodeEnd: Type.Optional(Type.Integer({ minimum: 0 })),
  subtitles: Type.Array(
    Type.Object({ language: Nullable(Type.String()), forced: Type.Boolean(), sdh: Type.Boolean() }),
  ),
});
export type LibraryFileStatus = Static<typeof LibraryFileStatus>;

export const LibraryTitleStatus = Type.Object({
  /** The library's item key: what an operator's correction names. */
  key: Type.Integer({ minimum: 1 }),
  mediaType: Type.Union([Type.Literal('movie'), Type.Literal('tv')]),
  /** The id the title is served under: the catalogue's when matched, else the library's range. */
  id: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  year: Nullable(Type.Integer()),
  match: Type.Object({
    catalogueId: Nullable(Type.Integer()),
    method: Type.Union([
      Type.Literal('nfo-id'),
      Type.Literal('title-year'),
      Type.Literal('new'),
      Type.Literal('operator'),
    ]),
  }),
  factsFrom: Type.Union([Type.Literal('name'), Type.Literal('nfo')]),
  /** Why the title's NFO could not be read, when it could not. */
  nfoError: Nullable(Type.String()),
  hasPoster: Type.Boolean(),
  hasBackdrop: Type.Boolean(),
  /** Shown to viewers; an operator can unpublish a title in the studio. */
  published: Type.Boolean(),
  addedAt: Type.String(),
  files: Type.Array(LibraryFileStatus),
});
export type LibraryTitleStatus = Static<typeof LibraryTitleStatus>;

export const LibraryOverview = Type.Object({
  folders: Type.Array(LibraryFolderStatus),
  titles: Type.Array(LibraryTitleStatus),
  /** Videos that are no film or episode Marquee can place, each with its reason. */
  unplaced: Type.Array(LibraryFileStatus),
});
export type LibraryOverview = Static<typeof LibraryOverview>;
