import type { TmdbSeasonDetails, TmdbTvDetails } from '../../../shared/catalogue/tmdb.schema.ts';
import type { LibraryCatalogue } from '../../library/library-catalogue.ts';
import { episodeSummary, seasonSummary } from '../../library/library-title-shapes.ts';
import type { LibraryProgramme, LibraryTitle } from '../../library/library-titles.ts';

/**
 * The TMDB answers for the operator's own library titles (server/library/library-titles.ts
 * builds their shapes): details with what append_to_response asks for, and each sub-resource.
 * A library title has no trailers and no similar titles of its own yet.
 */

export type LibraryTitles = Pick<
  LibraryCatalogue,
  'version' | 'titles' | 'find' | 'search' | 'episodesOf' | 'seasonsOf'
>;

const emptyPage = { page: 1, results: [], total_pages: 1, total_results: 0 };

const image = (path: string | null, width: number, height: number) =>
  path
    ? [
        {
          aspect_ratio: Math.round((width / height) * 1000) / 1000,
          height,
          iso_639_1: 'en',
          file_path: path,
          vote_average: 0,
          vote_count: 0,
          width,
        },
      ]
    : [];

/** A library title's sub-resource by TMDB's name, or undefined for a name it does not have. */
export function librarySubResource(title: LibraryTitle, name: string): unknown {
  const { details } = title;
  switch (name) {
    case 'videos':
      return { id: title.id, results: [] };
    case 'credits':
      return { id: title.id, ...details.credits };
    case 'images':
      return {
        id: title.id,
        backdrops: image(details.backdrop_path, 1920, 1080),
        logos: [],
        posters: image(details.poster_path, 1000, 1500),
      };
    case 'similar':
    case 'recommendations':
      return emptyPage;
    case 'release_dates':
      return title.mediaType === 'movie' ? { id: title.id, ...title.details.release_dates } : undefined;
    case 'content_ratings':
      return title.mediaType === 'tv' ? { id: title.id, ...title.details.content_ratings } : undefined;
    default:
      return undefined;
  }
}

/** A library title's details with the appended sub-resources TMDB nests (each without its id). */
export function libraryDetails(title: LibraryTitle, appended: readonly string[]): Record<string, unknown> {
  const { credits: _credits, ...rest } = title.details as typeof title.details & { credits: unknown };
  const body: Record<string, unknown> = { ...rest };
  delete body.release_dates;
  delete body.content_ratings;
  for (const name of appended) {
    const value = librarySubResource(title, name);
    if (value === undefined) continue;
    const { id: _id, ...nested } = value as { id?: number };
    body[name] = name === 'similar' || name === 'recommendations' ? value : nested;
  }
  return body;
}

/** An episode as the library names it, when the library has it; as it was otherwise. */
function asLibraryNames<E extends { episode_number: number; name: string; overview: string; runtime: number | null }>(
  episode: E,
  own: readonly LibraryProgramme[],
): E {
  const programme = own.find((p) => p.episode === episode.episode_number);
  if (!programme) return episode;
  return {
    ...episode,
    name: programme.name,
    overview: programme.overview || episode.overview,
    runtime: programme.runtime ?? episode.runtime,
  };
}

/**
 * A matched catalogue series' season with the episodes the library has named by the library (its
 * NFO or file names), their plots and runtimes where it knows them; the rest stay the catalogue's.
 */
export function withLibraryEpisodes(
  season: TmdbSeasonDetails,
  seriesId: number,
  library: LibraryTitles,
): TmdbSeasonDetails {
  const own = library.episodesOf(seriesId, season.season_number);
  if (own.length === 0) return season;
  return { ...season, episodes: season.episodes.map((episode) => asLibraryNames(episode, own)) };
}

/** A matched catalogue series' details, its last episode named by the library when the library has it. */
export function withLibraryLastEpisode(details: TmdbTvDetails, library: LibraryTitles): TmdbTvDetails {
  const last = details.last_episode_to_air;
  if (!last) return details;
  return { ...details, last_episode_to_air: asLibraryNames(last, library.episodesOf(details.id, last.season_number)) };
}

/**
 * A season of a matched catalogue series that the catalogue does not list but the library plays
 * (its season 3 where the catalogue knows two): the library's, in TMDB's shape; null otherwise.
 */
export function librarySeason(
  seriesId: number,
  seasonNumber: number,
  library: LibraryTitles,
): TmdbSeasonDetails | null {
  return library.seasonsOf(seriesId).find((season) => season.season_number === seasonNumber) ?? null;
}

/**
 * A matched catalogue series' details with the seasons the library plays and the catalogue does
 * not list added in order, its counts, and its last episode the library's when that season is later.
 */
export function withLibrarySeasons(details: TmdbTvDetails, library: LibraryTitles): TmdbTvDetails {
  const known = new Set(details.seasons.map((season) => season.season_number));
  const added = library.seasonsOf(details.id).filter((season) => !known.has(season.season_number));
  if (added.length === 0) return details;
  const seasons = [...details.seasons, ...added.map(seasonSummary)].sort((a, b) => a.season_number - b.season_number);
  const regular = added.filter((season) => season.season_number > 0);
  const latest = regular.sort((a, b) => a.season_number - b.season_number).at(-1);
  const lastEpisode = latest?.episodes.at(-1);
  const later =
    lastEpisode &&
    (!details.last_episode_to_air || lastEpisode.season_number > details.last_episode_to_air.season_number);
  return {
    ...details,
    seasons,
    number_of_seasons: seasons.filter((season) => season.season_number > 0).length,
    number_of_episodes:
      details.number_of_episodes + regular.reduce((count, season) => count + season.episodes.length, 0),
    ...(later ? { last_episode_to_air: episodeSummary(lastEpisode) } : {}),
  };
}
