/**
 * The video host's answer to the player's library-programme question (library-programme.ts), as
 * JSON Schema for the server; the client imports only the type, so TypeBox stays out of its bundle.
 */
import { type Static, Type } from 'typebox';

export const LibraryProgrammeAnswer = Type.Object({
  /** The master playlist (every rung, audio track and subtitles), or a growing early one. */
  src: Type.String(),
  /** The trickplay thumbnails' index (404 while the programme is still being made). */
  thumbnails: Type.String(),
  /** Seconds; null while unknown. */
  duration: Type.Union([Type.Number(), Type.Null()]),
  /** The film's or episode's own name, as its NFO or file name gives it. */
  name: Type.String(),
  /** False while only the early playlist (the lowest rung) exists. */
  complete: Type.Boolean(),
});
export type LibraryProgrammeAnswer = Static<typeof LibraryProgrammeAnswer>;
