import type {
  TmdbEpisode,
  TmdbMovieDetails,
  TmdbMovieItem,
  TmdbSeasonDetails,
  TmdbTvDetails,
  TmdbTvItem,
} from '../../shared/catalogue/tmdb.schema.ts';
import { libraryIdOf } from '../../shared/library/library-ids.ts';
import type { CatalogueTitle } from '../catalogue/catalogue-title.ts';
import { ingestKeyOf } from './ingest-port.ts';
import type { LibraryItem, LibraryRepository } from './library-repository.ts';
import {
  asCatalogueTitle,
  cast,
  crew,
  episodeSummary,
  type GenreList,
  localArtPath,
  seasonSummary,
} from './library-title-shapes.ts';

// Where callers have always found them.

/**
 * The library's own titles in TMDB's shapes, for the catalogue API to serve beside its shipped
 * titles (and so for any TMDB client): a film or series that matched a catalogue title is not
 * here (it is that title, with a programme: see libraryProgrammes), only new ones, under ids of
 * the library's range (shared/library/library-ids.ts).
 */

export interface LibraryTitlesOptions {
  /** TMDB's genres by media type: an NFO's genre names become their ids. */
  genres: GenreList;
  /** Generated art for a title with no local art (server/media/images/art-path.ts); null art without it. */
  artPath?: (kind: 'poster' | 'backdrop', title: CatalogueTitle) => string;
}

export type LibraryMovie = {
  mediaType: 'movie';
  id: number;
  itemKey: number;
  addedAt: number;
  title: CatalogueTitle;
  item: TmdbMovieItem;
  details: TmdbMovieDetails;
};
export type LibrarySeries = {
  mediaType: 'tv';
  id: number;
  itemKey: number;
  addedAt: number;
  title: CatalogueTitle;
  item: TmdbTvItem;
  details: TmdbTvDetails;
  seasons: TmdbSeasonDetails[];
};
export type LibraryTitle = LibraryMovie | LibrarySeries;

/** A programme a library file makes: which title (catalogue or library) and, for a series, which episodes. */
export interface LibraryProgramme {
  mediaType: 'movie' | 'tv';
  id: number;
  /** Present for episodes; a multi-episode file covers episode..episodeEnd. */
  season?: number;
  episode?: number;
  episodeEnd?: number;
  /** The episode's or film's own name (real episode titles for catalogue series too). */
  name: string;
  overview: string;
  runtime: number | null;
  ingestKey: string;
  ingestState: string | null;
}

export function createLibraryTitles(repository: LibraryRepository, options: LibraryTitlesOptions) {
  const art = (item: LibraryItem, kind: 'poster' | 'backdrop', title: CatalogueTitle): string | null => {
    const file = kind === 'poster' ? item.posterPath : item.backdropPath;
    if (file) return localArtPath(item.key, kind, file);
    return options.artPath?.(kind, title) ?? null;
  };

  /** Films and series viewers may see: an operator can unpublish one in the studio. */
  const publishedItems = (kind: 'movie' | 'series') => repository.items(kind).filter((item) => item.published);

  /** The items of titles that are the library's own (not matched to a catalogue title). */
  const newTitles = (kind: 'movie' | 'series') =>
    publishedItems(kind).filter((item) => {
      const match = repository.match(item.key);
      return match !== null && match.catalogueId === null;
    });

  const runtimeOf = (item: LibraryItem) => item.facts.runtime ?? 0;

  function movie(item: LibraryItem): LibraryMovie {
    const title = asCatalogueTitle(item, 'movie', options.genres);
    const common = {
      adult: false,
      backdrop_path: art(item, 'backdrop', title),
      poster_path: art(item, 'poster', title),
      id: title.id,
      original_language: title.originalLanguage,
      overview: title.overview,
      popularity: 0,
      vote_average: 0,
      vote_count: 0,
      title: title.name,
      original_title: title.originalName,
      release_date: title.date ?? '',
      video: false,
    };
    const castMembers = cast(item.facts.actors, item.key);
    return {
      mediaType: 'movie',
      id: title.id,
      itemKey: item.key,
      addedAt: item.addedAt,
      title,
      item: { ...common, genre_ids: title.genreIds, media_type: 'movie' },
      details: {
        ...common,
        belongs_to_collection: null,
        budget: 0,
        genres: options.genres.movie.filter((genre) => title.genreIds.includes(genre.id)),
        homepage: '',
        imdb_id: item.facts.imdbId ?? null,
        origin_country: [],
        production_companies: [],
        production_countries: [],
        revenue: 0,
        runtime: runtimeOf(item),
        spoken_languages: [],
        status: 'Released',
        tagline: item.facts.tagline ?? '',
        credits: {
          cast: castMembers.map((member) => ({ ...member, cast_id: member.order })),
          crew: crew(item.facts.directors, item.key, castMembers.length),
        },
        release_dates: {
          results: item.facts.certification
            ? [
                {
                  iso_3166_1: 'US',
                  release_dates: [
                    {
                      certification: item.facts.certification,
                      descriptors: [],
                      iso_639_1: '',
                      note: '',
                      release_date: title.date ? `${title.date}T00:00:00.000Z` : '',
                      type: 3,
                    },
                  ],
                },
              ]
            : [],
        },
      },
    };
  }

  function episodesOf(season: LibraryItem, seriesId: number): TmdbEpisode[] {
    return repository.children(season.key).map((episode) => ({
      air_date: episode.facts.date ?? null,
      episode_number: episode.episodeNumber ?? 1,
      episode_type: 'standard',
      id: libraryIdOf(episode.key),
      name: episode.facts.title ?? episode.title,
      overview: episode.facts.plot ?? '',
      production_code: '',
      runtime: episode.facts.runtime ?? null,
      season_number: season.seasonNumber ?? 0,
      show_id: seriesId,
      still_path: episode.thumbPath ? localArtPath(episode.key, 'still', episode.thumbPath) : null,
      vote_average: 0,
      vote_count: 0,
      crew: [],
      guest_stars: [],
    }));
  }

  /** A series item's seasons in TMDB's shape, under the series id viewers see (its own or its match's). */
  function seasonsOf(item: LibraryItem, seriesId: number): TmdbSeasonDetails[] {
    const seasonItems = repository.children(item.key).filter((season) => season.kind === 'season');
    return seasonItems.map((season) => {
      const episodes = episodesOf(season, seriesId);
      return {
        _id: `library-${season.key}`,
        air_date: episodes[0]?.air_date ?? null,
        episodes,
        name: season.title,
        networks: [],
        overview: season.facts.plot ?? '',
        id: libraryIdOf(season.key),
        poster_path: season.posterPath ? localArtPath(season.key, 'poster', season.posterPath) : null,
        season_number: season.seasonNumber ?? 0,
        vote_average: 0,
      };
    });
  }

  function series(item: LibraryItem): LibrarySeries {
    const title = asCatalogueTitle(item, 'tv', options.genres);
    const seasons = seasonsOf(item, title.id);
    const allEpisodes = seasons.filter((s) => s.season_number > 0).flatMap((s) => s.episodes);
    const lastEpisode = allEpisodes.at(-1);
    const common = {
      adult: false,
      backdrop_path: art(item, 'backdrop', title),
      poster_path: art(item, 'poster', title),
      id: title.id,
      origin_country: [],
      original_language: title.originalLanguage,
      overview: title.overview,
      popularity: 0,
      first_air_date: title.date ?? '',
      name: title.name,
      original_name: title.originalName,
      vote_average: 0,
      vote_count: 0,
    };
    const castMembers = cast(item.facts.actors, item.key);
    const runtimes = allEpisodes.map((e) => e.runtime).filter((r): r is number => r !== null);
    return {
      mediaType: 'tv',
      id: title.id,
      itemKey: item.key,
      addedAt: item.addedAt,
      title,
      item: { ...common, genre_ids: title.genreIds, media_type: 'tv' },
      details: {
        ...common,
        created_by: [],
        episode_run_time: runtimes.length ? [Math.round(runtimes.reduce((a, b) => a + b, 0) / runtimes.length)] : [],
        genres: options.genres.tv.filter((genre) => title.genreIds.includes(genre.id)),
        homepage: '',
        in_production: false,
        languages: [],
        last_air_date: lastEpisode?.air_date ?? null,
        last_episode_to_air: lastEpisode ? episodeSummary(lastEpisode) : null,
        next_episode_to_air: null,
        networks: [],
        number_of_episodes: allEpisodes.length,
        number_of_seasons: seasons.filter((s) => s.season_number > 0).length,
        production_companies: [],
        production_countries: [],
        seasons: seasons.map(seasonSummary),
        spoken_languages: [],
        status: 'Ended',
        tagline: item.facts.tagline ?? '',
        type: 'Scripted',
        credits: { cast: castMembers, crew: [] },
        content_ratings: {
          results: item.facts.certification
            ? [{ descriptors: [], iso_3166_1: 'US', rating: item.facts.certification }]
            : [],
        },
      },
      seasons,
    };
  }

  return {
    /** The library's new films and series, newest first, in TMDB's list and detail shapes. */
    libraryTitles(): LibraryTitle[] {
      return [...newTitles('movie').map(movie), ...newTitles('series').map(series)].sort(
        (a, b) => b.addedAt - a.addedAt || b.id - a.id,
      );
    },

    /**
     * The seasons the library has of each catalogue series it matched (published), by the
     * catalogue's id, in TMDB's shape: what stands in for a season the catalogue does not list.
     */
    matchedSeasons(): Map<number, TmdbSeasonDetails[]> {
      const seasons = new Map<number, TmdbSeasonDetails[]>();
      for (const show of publishedItems('series')) {
        const catalogueId = repository.match(show.key)?.catalogueId;
        if (catalogueId == null) continue;
        seasons.set(catalogueId, [...(seasons.get(catalogueId) ?? []), ...seasonsOf(show, catalogueId)]);
      }
      return seasons;
    },

    /** Every programme the library's files make, for catalogue titles and library titles alike. */
    libraryProgrammes(): LibraryProgramme[] {
      const programmes: LibraryProgramme[] = [];
      const idOf = (item: LibraryItem) => {
        const match = repository.match(item.key);
        return match?.catalogueId ?? libraryIdOf(item.key);
      };
      for (const film of publishedItems('movie')) {
        const file = repository.filesOf(film.key)[0];
        if (!file) continue;
        programmes.push({
          mediaType: 'movie',
          id: idOf(film),
          name: film.facts.title ?? film.title,
          overview: film.facts.plot ?? '',
          runtime: film.facts.runtime ?? null,
          ingestKey: ingestKeyOf(file.key),
          ingestState: file.ingestState,
        });
      }
      for (const show of publishedItems('series')) {
        for (const season of repository.children(show.key)) {
          for (const episode of repository.children(season.key)) {
            const file = repository.filesOf(episode.key)[0];
            if (!file) continue;
            programmes.push({
              mediaType: 'tv',
              id: idOf(show),
              season: season.seasonNumber ?? 0,
              episode: episode.episodeNumber ?? 1,
              episodeEnd: episode.episodeEnd ?? episode.episodeNumber ?? 1,
              name: episode.facts.title ?? episode.title,
              overview: episode.facts.plot ?? '',
              runtime: episode.facts.runtime ?? null,
              ingestKey: ingestKeyOf(file.key),
              ingestState: file.ingestState,
            });
          }
        }
      }
      return programmes;
    },
  };
}
