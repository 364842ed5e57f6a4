/**
 * TMDB v3 response shapes that Marquee serves (server/catalogue) and reads (the client's TMDB
 * adapter), as JSON Schema (TypeBox) with their TypeScript types. Field names and structure are
 * copied from TMDB's official OpenAPI document (the contract, see docs/guide.md). That document
 * declares no nullability, but TMDB answers null where a value is unknown, and so do the
 * document's own examples: image paths, a collection, an episode's air date, a next episode. Those
 * fields are nullable here; everything else is exactly as declared. Objects allow additional
 * properties, as TMDB adds fields over time. The client imports only the types (`import type`).
 */
// The shapes live in one file per kind; this index keeps the one import path that the server,
// the client's adapter, the stories and the tests already use, so a caller need not know the split.
export * from './tmdb-details.schema.ts';
export * from './tmdb-lists.schema.ts';
export * from './tmdb-people.schema.ts';
export * from './tmdb-reference.schema.ts';
export * from './tmdb-title-pieces.schema.ts';
