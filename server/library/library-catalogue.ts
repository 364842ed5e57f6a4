import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { Database } from 'better-sqlite3';

import type { TmdbSeasonDetails } from '../../shared/catalogue/tmdb.schema.ts';
import { parseMarkers } from '../../shared/media/marker-file.ts';
import type { Marker } from '../../shared/media/markers.ts';
import { libraryMasterUrl, libraryPreviewUrl, libraryThumbnailsUrl } from '../../shared/media/programmes.ts';
import type { LibraryProgramme, LibraryTitle } from './library-titles.ts';
import { normaliseTitle } from './naming.ts';

/** How long a computed library version is trusted before the tables are read again. */
const VERSION_TTL_MS = 1000;

/** What the player plays for a title, when the library has a programme for it. */
export type ProgrammeLookup =
  | {
      state: 'playable';
      key: string;
      src: string;
      thumbnails: string;
      duration: number | null;
      complete: boolean;
      name: string;
    }
  | { state: 'preparing' }
  | null;

export interface LibraryCatalogueSource {
  libraryTitles(): LibraryTitle[];
  libraryProgrammes(): LibraryProgramme[];
  matchedSeasons(): Map<number, TmdbSeasonDetails[]>;
}

/**
 * The library as the viewer's app sees it: the library's own titles that can be played (one of
 * their files published by ingest), the programme a title or episode plays, and a version that
 * changes whenever any of it may have, for the catalogue's answer cache. Every process reads it
 * from the database the scanning process writes; `outputsDir` is where ingest publishes.
 */
export function createLibraryCatalogue(db: Database, source: LibraryCatalogueSource, outputsDir: string) {
  const versionQuery = db.prepare(
    `SELECT (SELECT count(*) || ':' || ifnull(max(updated_at), 0) || ':' || ifnull(max(removed_at), 0) FROM library_items)
       || '|' || (SELECT count(*) || ':' || ifnull(max(matched_at), 0) FROM library_matches)
       || '|' || (SELECT count(*) || ':' || total(key) || ':' || ifnull(max(updated_at), 0) FROM library_files
                  WHERE state = 'present' AND ingest_state = 'ready')`,
  );
  const parentQuery = db.prepare('SELECT parent_key FROM library_items WHERE key = ?').pluck();
  const durationQuery = db.prepare("SELECT result FROM ingest_jobs WHERE key = ? AND state = 'ready'");
  const operatorMarkersQuery = db.prepare<[number], Marker>(
    'SELECT kind, start, "end" FROM library_markers WHERE file_key = ? ORDER BY start',
  );
  let version = { value: '', at: -Infinity };
  let memo: {
    version: string;
    titles: LibraryTitle[];
    programmes: LibraryProgramme[];
    seasons: Map<number, TmdbSeasonDetails[]>;
  } | null = null;

  const master = (key: string) => join(outputsDir, key, 'master.m3u8');
  const published = (programme: LibraryProgramme) =>
    programme.ingestState === 'ready' || existsSync(master(programme.ingestKey));
  const durationOf = (key: string): number | null => {
    const row = durationQuery.get(key) as { result: string | null } | undefined;
    if (!row?.result) return null;
    const duration = (JSON.parse(row.result) as { duration?: unknown }).duration;
    return typeof duration === 'number' && duration > 0 ? duration : null;
  };

  function currentVersion(): string {
    const now = Date.now();
    if (now - version.at > VERSION_TTL_MS) version = { value: String(versionQuery.pluck().get()), at: now };
    return version.value;
  }

  function current() {
    const v = currentVersion();
    if (memo?.version === v) return memo;
    const programmes = source.libraryProgrammes();
    const playable = new Set(programmes.filter(published).map((p) => `${p.mediaType}:${p.id}`));
    const titles = source
      .libraryTitles()
      .filter((title) => playable.has(`${title.mediaType}:${title.id}`))
      .map((title) => {
        // A film's real runtime: its NFO's, else its programme's length.
        if (title.mediaType !== 'movie' || title.details.runtime) return title;
        const programme = programmes.find((p) => p.mediaType === 'movie' && p.id === title.id);
        const seconds = programme ? durationOf(programme.ingestKey) : null;
        return seconds
          ? { ...title, details: { ...title.details, runtime: Math.max(1, Math.round(seconds / 60)) } }
          : title;
      });
    // A matched series' season counts once one of its episodes can be played.
    const seasons = new Map<number, TmdbSeasonDetails[]>();
    for (const [id, own] of source.matchedSeasons()) {
      const played = own.filter((season) =>
        programmes.some(
          (p) => p.mediaType === 'tv' && p.id === id && p.season === season.season_number && published(p),
        ),
      );
      if (played.length > 0) seasons.set(id, played);
    }
    memo = { version: v, titles, programmes, seasons };
    return memo;
  }

  return {
    /** Changes whenever the library's titles, matches or published files may have. */
    version: currentVersion,
    /** The library's own titles with something to play, newest first. */
    titles: (): LibraryTitle[] => current().titles,
    find(mediaType: 'movie' | 'tv', id: number): LibraryTitle | null {
      return current().titles.find((title) => title.mediaType === mediaType && title.id === id) ?? null;
    },
    /**
     * Whether viewers are shown this item: a film or series listed among the titles above, or a
     * season or episode of one (what its art may be served for to anyone).
     */
    listsItem(itemKey: number): boolean {
      const listed = new Set(current().titles.map((title) => title.itemKey));
      // An episode's parent is its season, whose parent is the series.
      let key: number | null = itemKey;
      for (let depth = 0; key !== null && depth < 3; depth += 1) {
        if (listed.has(key)) return true;
        key = (parentQuery.get(key) as number | null | undefined) ?? null;
      }
      return false;
    },
    /** Library titles whose name contains the query's words (as the catalogue's search reads names). */
    search(query: string, scope: 'movie' | 'tv' | 'all'): LibraryTitle[] {
      const wanted = normaliseTitle(query);
      if (!wanted) return [];
      return current().titles.filter(
        (title) =>
          (scope === 'all' || title.mediaType === scope) &&
          [title.title.name, title.title.originalName].some((name) => normaliseTitle(name).includes(wanted)),
      );
    },
    /**
     * The library's episodes of one season of a catalogue series it matched (files present,
     * published or not): their real names, plots and runtimes stand in for the catalogue's.
     */
    episodesOf(id: number, season: number): LibraryProgramme[] {
      return current().programmes.filter((p) => p.mediaType === 'tv' && p.id === id && p.season === season);
    },
    /**
     * The seasons the library plays of a catalogue series it matched, in TMDB's shape (its
     * episodes named as the library names them): what stands in for a season the catalogue lacks.
     */
    seasonsOf(id: number): TmdbSeasonDetails[] {
      return current().seasons.get(id) ?? [];
    },
    /**
     * How long the longest of a title's published programmes plays (seconds), or null when the
     * library plays nothing for it: what Continue Watching checks a position against.
     */
    durationSeconds(mediaType: 'movie' | 'tv', id: number): number | null {
      let longest: number | null = null;
      for (const p of current().programmes) {
        if (p.mediaType !== mediaType || p.id !== id || !existsSync(master(p.ingestKey))) continue;
        const seconds = durationOf(p.ingestKey);
        if (seconds !== null && (longest === null || seconds > longest)) longest = seconds;
      }
      return longest;
    },
    /**
     * A library programme's skip markers (by its ingest key): the operator's, set in the studio,
     * else those its chapters name (ingest's result); none while it has neither. The grant's
     * media host answers them as the programme's markers.json (server/playback/).
     */
    markers(key: string): Marker[] {
      // An ingest key is `library-<file key>` (ingest-port.ts, ingestKeyOf).
      const fileKey = /^library-(\d+)$/.exec(key)?.[1];
      const own = fileKey ? operatorMarkersQuery.all(Number(fileKey)) : [];
      if (own.length > 0) return own;
      const row = durationQuery.get(key) as { result: string | null } | undefined;
      return row?.result ? parseMarkers(JSON.parse(row.result)) : [];
    },
    /** The programme a film, or a series' episode, plays from the library; null when it has none. */
    programme(mediaType: 'movie' | 'tv', id: number, season?: number, episode?: number): ProgrammeLookup {
      const programme = current().programmes.find(
        (p) =>
          p.mediaType === mediaType &&
          p.id === id &&
          (mediaType === 'movie' ||
            (p.season === season && episode !== undefined && p.episode! <= episode && episode <= p.episodeEnd!)),
      );
      if (!programme) return null;
      const key = programme.ingestKey;
      if (existsSync(master(key))) {
        return {
          state: 'playable',
          key,
          src: libraryMasterUrl(key),
          thumbnails: libraryThumbnailsUrl(key),
          duration: durationOf(key),
          complete: true,
          name: programme.name,
        };
      }
      if (existsSync(join(outputsDir, '.partial', key, 'preview.m3u8'))) {
        // Its thumbnails come with the whole programme (404, so none, until then).
        return {
          state: 'playable',
          key,
          src: libraryPreviewUrl(key),
          thumbnails: libraryThumbnailsUrl(key),
          duration: null,
          complete: false,
          name: programme.name,
        };
      }
      return { state: 'preparing' };
    },
  };
}

export type LibraryCatalogue = ReturnType<typeof createLibraryCatalogue>;
