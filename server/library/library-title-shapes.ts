import { createHash } from 'node:crypto';
import { extname } from 'node:path';

import type {
  TmdbCastMember,
  TmdbCrewMember,
  TmdbEpisode,
  TmdbGenre,
  TmdbSeasonDetails,
  TmdbTvDetails,
} from '../../shared/catalogue/tmdb.schema.ts';
import { libraryIdOf } from '../../shared/library/library-ids.ts';
import type { CatalogueTitle } from '../catalogue/catalogue-title.ts';
import type { LibraryItem } from './library-records.ts';
import type { NfoActor } from './nfo.ts';

// A library item's parts in TMDB's shapes (and the catalogue's own), one part at a time.

export type GenreList = Record<'movie' | 'tv', TmdbGenre[]>;

/** A season as a series' details list it (TMDB's `seasons` entries), from its own details. */
export function seasonSummary(season: TmdbSeasonDetails): TmdbTvDetails['seasons'][number] {
  return {
    air_date: season.air_date,
    episode_count: season.episodes.length,
    id: season.id,
    name: season.name,
    overview: season.overview,
    poster_path: season.poster_path,
    season_number: season.season_number,
    vote_average: 0,
  };
}

/** An episode as a series' details name it (`last_episode_to_air`): the episode without its people. */
export function episodeSummary({ crew: _crew, guest_stars: _guests, ...summary }: TmdbEpisode) {
  return summary;
}

/** Where a local art file is served from on the image host: the path changes when the file does. */
export function localArtPath(itemKey: number, kind: 'poster' | 'backdrop' | 'still', file: string): string {
  const hash = createHash('sha256').update(file).digest('hex').slice(0, 8);
  return `/library-${itemKey}-${kind}-${hash}${extname(file).toLowerCase()}`;
}

const dateOf = (item: LibraryItem): string =>
  item.facts.date ?? ((item.facts.year ?? item.year) ? `${item.facts.year ?? item.year}-01-01` : '');

const genreIdsOf = (names: string[] | undefined, known: TmdbGenre[]): number[] =>
  (names ?? [])
    .map((name) => known.find((genre) => genre.name.toLowerCase() === name.toLowerCase())?.id)
    .filter((id): id is number => id !== undefined);

export function cast(actors: NfoActor[] | undefined, itemKey: number): TmdbCastMember[] {
  return (actors ?? []).map((actor, index) => ({
    adult: false,
    gender: 0,
    // People of a library title have no catalogue identity: ids are unique within the title only.
    id: index + 1,
    known_for_department: 'Acting',
    name: actor.name,
    original_name: actor.name,
    popularity: 0,
    profile_path: null,
    character: actor.role,
    credit_id: `library-${itemKey}-cast-${index}`,
    order: index,
  }));
}

export function crew(directors: string[] | undefined, itemKey: number, offset: number): TmdbCrewMember[] {
  return (directors ?? []).map((name, index) => ({
    adult: false,
    gender: 0,
    id: offset + index + 1,
    known_for_department: 'Directing',
    name,
    original_name: name,
    popularity: 0,
    profile_path: null,
    credit_id: `library-${itemKey}-crew-${index}`,
    department: 'Directing',
    job: 'Director',
  }));
}

/** A library title in the catalogue's own working shape (server/catalogue/catalogue-title.ts). */
export function asCatalogueTitle(item: LibraryItem, mediaType: 'movie' | 'tv', genres: GenreList): CatalogueTitle {
  const date = dateOf(item);
  return {
    id: libraryIdOf(item.key),
    mediaType,
    name: item.facts.title ?? item.title,
    originalName: item.facts.originalTitle ?? item.facts.title ?? item.title,
    date: date || null,
    genreIds: genreIdsOf(item.facts.genres, genres[mediaType]),
    originalLanguage: 'en',
    originCountry: [],
    networks: [],
    popularity: 0,
    voteAverage: 0,
    voteCount: 0,
    overview: item.facts.plot ?? '',
  };
}
