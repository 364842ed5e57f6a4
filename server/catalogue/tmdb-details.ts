import { createHash } from 'node:crypto';

import type {
  TmdbCastMember,
  TmdbCombinedCredits,
  TmdbContentRatings,
  TmdbCreator,
  TmdbCrewMember,
  TmdbEpisode,
  TmdbEpisodeSummary,
  TmdbGenre,
  TmdbImages,
  TmdbMovieCredits,
  TmdbMovieDetails,
  TmdbPersonItem,
  TmdbReleaseDates,
  TmdbSeasonDetails,
  TmdbSeasonSummary,
  TmdbSpokenLanguage,
  TmdbTitleItem,
  TmdbTvCredits,
  TmdbTvDetails,
} from '../../shared/catalogue/tmdb.schema.ts';
import type { CatalogueFacts, Person, SeasonFacts, TitleFacts } from './catalogue-facts.ts';
import type { CatalogueTitle, FindTitle } from './catalogue-title.ts';
import { type ArtPath, toTmdbItem } from './tmdb-json.ts';

/**
 * TMDB's detail shapes for a title: every field the official document declares is present, with
 * our facts where we have them and TMDB's own empty values (0, "", [], null) where we do not.
 * Nothing is made up: unknown budgets are 0, episodes without a known name are "Episode N".
 */

/** Where an episode's generated still lives (server/media/images/art-path.ts). */
export type StillPath = (title: CatalogueTitle, seasonNumber: number, episodeNumber: number) => string;

/** A stable integer id from a name (seasons and episodes have their own ids on TMDB). */
const idOf = (name: string) => (createHash('sha256').update(name).digest().readUInt32BE(0) % 2_000_000_000) + 1;
/** TMDB's credit ids and season `_id`s are 24 hex digits. */
const hexIdOf = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 24);

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** A language as TMDB lists it: its English name and its name in itself ("" when unknown). */
function spokenLanguage(code: string): TmdbSpokenLanguage {
  let native = '';
  try {
    native = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code) ?? '';
  } catch {
    // An unknown locale has no native name.
  }
  return { english_name: englishNames.of(code) ?? '', iso_639_1: code, name: native };
}

function genresOf(title: CatalogueTitle, facts: CatalogueFacts): TmdbGenre[] {
  return title.genreIds.flatMap((id) => {
    const name = facts.genreName(title.mediaType, id);
    return name ? [{ id, name }] : [];
  });
}

const personFields = (person: Person) => ({
  adult: false,
  // 0 is TMDB's "not set": the data does not record it.
  gender: 0,
  id: person.id,
  known_for_department: person.knownForDepartment,
  name: person.name,
  original_name: person.name,
  popularity: person.popularity,
  profile_path: null,
});

export function toCredits(title: CatalogueTitle, facts: TitleFacts): TmdbMovieCredits | TmdbTvCredits {
  const key = `${title.mediaType}-${title.id}`;
  const cast: TmdbCastMember[] = facts.cast.map(({ person, character }, order) => ({
    ...personFields(person),
    character,
    credit_id: hexIdOf(`${key}-cast-${person.id}-${order}`),
    order,
    ...(title.mediaType === 'movie' ? { cast_id: order + 1 } : {}),
  }));
  const crew: TmdbCrewMember[] = facts.crew.map(({ person, department, job }) => ({
    ...personFields(person),
    credit_id: hexIdOf(`${key}-crew-${person.id}-${job}`),
    department,
    job,
  }));
  return { id: title.id, cast, crew } as TmdbMovieCredits | TmdbTvCredits;
}

export function toMovieDetails(title: CatalogueTitle, facts: CatalogueFacts, artPath: ArtPath): TmdbMovieDetails {
  const own = facts.factsFor('movie', title.id);
  const released = title.date !== null && title.date <= new Date().toISOString().slice(0, 10);
  return {
    adult: false,
    backdrop_path: artPath('backdrop', title),
    belongs_to_collection: null,
    budget: 0,
    genres: genresOf(title, facts),
    homepage: '',
    id: title.id,
    imdb_id: null,
    origin_country: title.originCountry,
    original_language: title.originalLanguage,
    original_title: title.originalName,
    overview: title.overview,
    popularity: title.popularity,
    poster_path: artPath('poster', title),
    production_companies: [],
    production_countries: [],
    release_date: title.date ?? '',
    revenue: 0,
    runtime: own.runtime ?? 0,
    spoken_languages: [spokenLanguage(title.originalLanguage)],
    status: released ? 'Released' : 'Post Production',
    tagline: '',
    title: title.name,
    video: false,
    vote_average: title.voteAverage,
    vote_count: title.voteCount,
  };
}

const seasonName = (season: number) => `Season ${season}`;
const seasonId = (title: CatalogueTitle, season: number) => idOf(`tv-${title.id}-season-${season}`);

/** An episode: its number and runtime are known; its name, synopsis and date are not. */
function episodeSummary(
  title: CatalogueTitle,
  runtime: number | null,
  season: SeasonFacts,
  episode: number,
  stillPath: StillPath,
): TmdbEpisodeSummary {
  return {
    air_date: null,
    episode_number: episode,
    episode_type: episode === season.episodeCount ? 'finale' : 'standard',
    id: idOf(`tv-${title.id}-s${season.seasonNumber}e${episode}`),
    name: `Episode ${episode}`,
    overview: '',
    production_code: '',
    runtime,
    season_number: season.seasonNumber,
    show_id: title.id,
    still_path: stillPath(title, season.seasonNumber, episode),
    vote_average: 0,
    vote_count: 0,
  };
}

export function toTvDetails(
  title: CatalogueTitle,
  facts: CatalogueFacts,
  artPath: ArtPath,
  stillPath: StillPath,
): TmdbTvDetails {
  const own = facts.factsFor('tv', title.id);
  const series = own.series;
  const seasons: TmdbSeasonSummary[] = (series?.seasons ?? []).map((season) => ({
    // Only the year is known for certain, so no date is given.
    air_date: null,
    episode_count: season.episodeCount,
    id: seasonId(title, season.seasonNumber),
    name: seasonName(season.seasonNumber),
    overview: '',
    poster_path: artPath('poster', title),
    season_number: season.seasonNumber,
    vote_average: 0,
  }));
  const last = series?.seasons.at(-1);
  const creators: TmdbCreator[] = own.createdBy.map((person) => ({
    id: person.id,
    credit_id: hexIdOf(`tv-${title.id}-creator-${person.id}`),
    name: person.name,
    gender: 0,
    profile_path: null,
  }));
  return {
    adult: false,
    backdrop_path: artPath('backdrop', title),
    created_by: creators,
    episode_run_time: series?.episodeRunTime ? [series.episodeRunTime] : [],
    first_air_date: title.date ?? '',
    genres: genresOf(title, facts),
    homepage: '',
    id: title.id,
    in_production: series ? series.status === 'Returning Series' : false,
    languages: [title.originalLanguage],
    last_air_date: null,
    last_episode_to_air:
      series && last ? episodeSummary(title, series.episodeRunTime, last, last.episodeCount, stillPath) : null,
    name: title.name,
    next_episode_to_air: null,
    networks: title.networks.flatMap((id) => {
      const network = facts.network(id);
      return network ? [{ id, logo_path: null, name: network.name, origin_country: network.origin_country }] : [];
    }),
    number_of_episodes: (series?.seasons ?? []).reduce((sum, season) => sum + season.episodeCount, 0),
    number_of_seasons: series?.seasons.length ?? own.numberOfSeasons ?? 0,
    origin_country: title.originCountry,
    original_language: title.originalLanguage,
    original_name: title.originalName,
    overview: title.overview,
    popularity: title.popularity,
    poster_path: artPath('poster', title),
    production_companies: [],
    production_countries: [],
    seasons,
    spoken_languages: [spokenLanguage(title.originalLanguage)],
    status: series?.status ?? '',
    tagline: '',
    type: 'Scripted',
    vote_average: title.voteAverage,
    vote_count: title.voteCount,
  };
}

/** tv/{id}/season/{n}, or null when the series has no such season. */
export function toSeasonDetails(
  title: CatalogueTitle,
  facts: CatalogueFacts,
  seasonNumber: number,
  artPath: ArtPath,
  stillPath: StillPath,
): TmdbSeasonDetails | null {
  const series = facts.factsFor('tv', title.id).series;
  const season = series?.seasons.find((entry) => entry.seasonNumber === seasonNumber);
  if (!series || !season) return null;
  const episodes: TmdbEpisode[] = Array.from({ length: season.episodeCount }, (_, index) => ({
    ...episodeSummary(title, series.episodeRunTime, season, index + 1, stillPath),
    crew: [],
    guest_stars: [],
  }));
  return {
    _id: hexIdOf(`tv-${title.id}-season-${seasonNumber}`),
    air_date: null,
    episodes,
    name: seasonName(seasonNumber),
    networks: toTvDetails(title, facts, artPath, stillPath).networks,
    overview: '',
    id: seasonId(title, seasonNumber),
    poster_path: artPath('poster', title),
    season_number: seasonNumber,
    vote_average: 0,
  };
}

/** movie/{id}/release_dates: a country appears when its certification is known. */
export function toReleaseDates(title: CatalogueTitle, facts: TitleFacts): TmdbReleaseDates {
  const countries = (['US', 'GB'] as const).filter((country) => facts.certifications[country] !== null);
  return {
    id: title.id,
    results: countries.map((country) => ({
      iso_3166_1: country,
      release_dates: [
        {
          certification: facts.certifications[country]!,
          descriptors: [],
          iso_639_1: '',
          note: '',
          // The primary release date: the data records no per-country dates.
          release_date: title.date ? `${title.date}T00:00:00.000Z` : '',
          type: 3,
        },
      ],
    })),
  };
}

/** tv/{id}/content_ratings: a country appears when its rating is known. */
export function toContentRatings(title: CatalogueTitle, facts: TitleFacts): TmdbContentRatings {
  const countries = (['US', 'GB'] as const).filter((country) => facts.certifications[country] !== null);
  return {
    results: countries.map((country) => ({
      descriptors: [],
      iso_3166_1: country,
      rating: facts.certifications[country]!,
    })),
    id: title.id,
  };
}

/** movie|tv/{id}/images: the generated poster and backdrop (their text is the English title). */
export function toImages(title: CatalogueTitle, artPath: ArtPath): TmdbImages {
  const image = (kind: 'poster' | 'backdrop', width: number, height: number) => ({
    aspect_ratio: Math.round((width / height) * 1000) / 1000,
    height,
    iso_639_1: 'en',
    file_path: artPath(kind, title),
    vote_average: 0,
    vote_count: 0,
    width,
  });
  return {
    backdrops: [image('backdrop', 1920, 1080)],
    id: title.id,
    logos: [],
    posters: [image('poster', 1000, 1500)],
  };
}

/** A person as search/person and search/multi list them, with up to three titles they are known for. */
export function toPersonItem(
  person: Person,
  findTitle: FindTitle,
  artPath: ArtPath,
  withMediaType: boolean,
): TmdbPersonItem {
  const knownFor = person.titles.slice(0, 3).flatMap((ref) => {
    const title = findTitle(ref.mediaType, ref.id);
    return title ? [toTmdbItem(title, artPath, true) as TmdbTitleItem] : [];
  });
  return {
    ...personFields(person),
    ...(withMediaType ? { media_type: 'person' as const } : {}),
    known_for: knownFor,
  };
}

/**
 * person/{id}/combined_credits: every title someone is in the cast or crew of, most popular first,
 * with the character or job the title's own credits give. A series credit counts the series'
 * known episodes (the data lists its regulars), or 0 when its seasons are not known.
 */
export function toCombinedCredits(
  person: Person,
  facts: CatalogueFacts,
  findTitle: FindTitle,
  artPath: ArtPath,
): TmdbCombinedCredits {
  const cast: TmdbCombinedCredits['cast'] = [];
  const crew: TmdbCombinedCredits['crew'] = [];
  for (const ref of person.titles) {
    const title = findTitle(ref.mediaType, ref.id);
    if (!title) continue;
    const item = toTmdbItem(title, artPath, true) as TmdbTitleItem;
    const own = facts.factsFor(ref.mediaType, ref.id);
    const key = `${ref.mediaType}-${ref.id}`;
    const episodes = own.series?.seasons.reduce((sum, season) => sum + season.episodeCount, 0) ?? 0;
    own.cast.forEach(({ person: credited, character }, order) => {
      if (credited.id !== person.id) return;
      const credit_id = hexIdOf(`${key}-cast-${person.id}-${order}`);
      cast.push(
        item.media_type === 'movie'
          ? { ...item, character, credit_id, order }
          : { ...item, character, credit_id, episode_count: episodes },
      );
    });
    for (const { person: credited, department, job } of own.crew) {
      if (credited.id !== person.id) continue;
      const credit_id = hexIdOf(`${key}-crew-${person.id}-${job}`);
      crew.push(
        item.media_type === 'movie'
          ? { ...item, credit_id, department, job }
          : { ...item, credit_id, department, job, episode_count: episodes },
      );
    }
  }
  return { id: person.id, cast, crew };
}
