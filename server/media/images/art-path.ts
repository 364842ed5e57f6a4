import { createHash } from 'node:crypto';

import type { CatalogueTitle, MediaType } from '../../catalogue/catalogue-title.ts';

/**
 * Where a title's key art lives: `/movie-603-poster-1a2b3c4d.webp`, shaped like TMDB's
 * `poster_path`. The hash covers the facts the art is drawn from, so the URL changes exactly
 * when the picture does and every URL can be cached forever.
 */

export type ArtKind = 'poster' | 'backdrop';

/** Bump when the design changes: every art URL changes with it, so immutable caching stays right. */
export const ART_VERSION = 1;

/** The full-size canvas of each kind ("original" in TMDB's size list). */
export const ART_SIZE: Record<ArtKind, { width: number; height: number }> = {
  poster: { width: 1000, height: 1500 },
  backdrop: { width: 1920, height: 1080 },
};

/** The year printed on the art, so also one of the facts its hash covers. */
export const yearOf = (title: CatalogueTitle) => title.date?.slice(0, 4) ?? null;

/** First 8 hex of a SHA-256 over exactly the facts the art is drawn from, plus the design version. */
export function artHash(kind: ArtKind, title: CatalogueTitle): string {
  const facts = [
    ART_VERSION,
    kind,
    title.mediaType,
    title.id,
    title.name,
    title.originalName,
    yearOf(title),
    title.genreIds,
  ];
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 8);
}

export function artPath(kind: ArtKind, title: CatalogueTitle): string {
  return `/${title.mediaType}-${title.id}-${kind}-${artHash(kind, title)}.webp`;
}

// Anchored and closed: no dots but the extension's, no slashes but an optional leading one.
const ART_FILE = /^\/?(movie|tv)-([1-9][0-9]{0,14})-(poster|backdrop)-([0-9a-f]{8})\.webp$/;

export interface ArtFile {
  mediaType: MediaType;
  id: number;
  kind: ArtKind;
  hash: string;
}

/** The parts of an art file name (with or without the leading slash), or null when malformed. */
export function parseArtPath(file: string): ArtFile | null {
  const match = ART_FILE.exec(file);
  if (!match) return null;
  return { mediaType: match[1] as MediaType, id: Number(match[2]), kind: match[3] as ArtKind, hash: match[4] };
}

/**
 * Where an episode's still lives: `/tv-1399-s2e3-still-1a2b3c4d.webp`, a 16:9 picture in the
 * series' look (a backdrop variant without text), hashed over the same facts plus the episode.
 */
export function stillPath(title: CatalogueTitle, seasonNumber: number, episodeNumber: number): string {
  const facts = [ART_VERSION, 'still', artHash('backdrop', title), seasonNumber, episodeNumber];
  const hash = createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 8);
  return `/tv-${title.id}-s${seasonNumber}e${episodeNumber}-still-${hash}.webp`;
}

const STILL_FILE = /^\/?tv-([1-9][0-9]{0,14})-s([1-9][0-9]{0,3})e([1-9][0-9]{0,3})-still-([0-9a-f]{8})\.webp$/;

export interface StillFile {
  id: number;
  seasonNumber: number;
  episodeNumber: number;
  hash: string;
}

/** The parts of a still's file name, or null when malformed. */
export function parseStillPath(file: string): StillFile | null {
  const match = STILL_FILE.exec(file);
  if (!match) return null;
  return { id: Number(match[1]), seasonNumber: Number(match[2]), episodeNumber: Number(match[3]), hash: match[4] };
}
