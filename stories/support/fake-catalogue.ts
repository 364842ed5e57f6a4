import { imageCandidates } from '../../shared/catalogue/first-screen';
import { trailerKey, videoName, videoTypesFor } from '../../shared/media/trailers';
import type {
  CatalogueService,
  Genre,
  ListName,
  MediaType,
  RowId,
  Season,
  Title,
  TitleDetails,
  Video,
} from '../../src/services/catalogue/catalogue.port';
import { catalogueConfig } from '../../src/services/catalogue/catalogue-config';
import { trailerAddress } from '../../src/services/catalogue/trailer-address';
import { backdropArt, posterArt, trailerPage } from './art-fixtures';
import {
  castMember,
  creator,
  crewMember,
  episode,
  movieDetails,
  movieItem,
  seasonDetails,
  seasonSummary,
  tvDetails,
  tvItem,
} from './tmdb-fixtures';

const NAMES = [
  'The Salt Road',
  'Glass Harbour',
  'Night Shift',
  'Paper Moons',
  'The Long Field',
  'Copper Sky',
  'Quiet Hours',
  'Northbound',
  'Blue Static',
  'The Orchard',
  'Low Tide',
  'Ember Street',
];

/** Series are in the originals row, the TV lists and genres, and every other title of Trending Now (which mixes both, like TMDB's). */
const isSeries = (row: string, index: number) =>
  row === 'originals' || row.startsWith('tv') || (row === 'trending' && index % 2 === 1);

/**
 * Twelve made-up titles per row, with inline artwork. Like TMDB's
 * lists, only trending says media_type: the others are told apart by their fields.
 */
export function titlesFor(row: string, count = 12): Title[] {
  return Array.from({ length: count }, (_, index) => {
    const name = `${NAMES[index % NAMES.length]}${row === 'trending' ? '' : ` ${index + 1}`}`;
    const series = isSeries(row, index);
    return {
      id: row.length * 1000 + index,
      ...(series ? { name, first_air_date: '2021-05-01' } : { title: name, release_date: '2019-09-12' }),
      overview: `${name} follows a household through one unforgettable year, told in twelve quiet, funny, furious chapters.`,
      poster_path: fakeArtPath('poster', name),
      backdrop_path: fakeArtPath('backdrop', name),
      ...(row === 'trending' ? { media_type: series ? ('tv' as const) : ('movie' as const) } : {}),
    };
  });
}

/**
 * A made-up title's art path, shaped like TMDB's (`/{file}.jpg`, what the server's schemas
 * accept), naming the art the fake draws for it: its kind and the title.
 */
export const fakeArtPath = (kind: 'poster' | 'backdrop', name: string): string =>
  `/${kind}-${name.replace(/[^A-Za-z0-9]/g, '_')}.jpg`;

/** The kind and title a fakeArtPath names. */
function fakeArtOf(path: string): { kind: string; name: string } {
  const [, kind = 'backdrop', file = path] = /^\/(poster|backdrop)-(.*)\.jpg$/.exec(path) ?? [];
  return { kind, name: file.replaceAll('_', ' ') };
}

/** The section pages' made-up genres, a few per media type. */
export const FAKE_GENRES: Record<MediaType, Genre[]> = {
  tv: [
    { id: 18, name: 'Drama' },
    { id: 35, name: 'Comedy' },
    { id: 80, name: 'Crime' },
    { id: 99, name: 'Documentary' },
  ],
  movie: [
    { id: 28, name: 'Action' },
    { id: 35, name: 'Comedy' },
    { id: 18, name: 'Drama' },
    { id: 27, name: 'Horror' },
    { id: 99, name: 'Documentary' },
  ],
};

/** A genre's titles: series for tv, films for movie (the row name tells titlesFor which). */
const genreRow = (mediaType: MediaType, genreId: number) => `${mediaType}${genreId}`;

/** The named lists' titles: TV ones are series, upcoming films come out in the months ahead. */
export function listTitles(name: ListName): Title[] {
  const row = name === 'onTheAirTv' || name === 'trendingTvToday' ? `tv-${name}` : name;
  return titlesFor(row).map((title, index) => ({
    ...title,
    ...(name === 'upcomingMovies' ? { release_date: `2027-${String((index % 9) + 1).padStart(2, '0')}-15` } : {}),
    ...(name.startsWith('trending') ? { media_type: row.startsWith('tv') ? ('tv' as const) : ('movie' as const) } : {}),
  }));
}

const ALL_ROWS = [
  'trending',
  'originals',
  'topRated',
  'action',
  'comedy',
  'horror',
  'romance',
  'documentaries',
  ...(['tv', 'movie'] as const).flatMap((mediaType) =>
    FAKE_GENRES[mediaType].map((genre) => genreRow(mediaType, genre.id)),
  ),
];
const CAST = ['Ada Brook', 'Tom Ferris', 'Lena Okafor', 'Sam Ortiz', 'Mia Lund', 'Raj Patel', 'Noor Haddad'];

/** A made-up title's details, shaped like TMDB's answer with credits, similar and certifications appended. */
export function fakeDetails(title: Title, mediaType: MediaType, seasons = 3): TitleDetails {
  const page = <T>(results: T[]) => ({ page: 1, results, total_pages: 1, total_results: results.length });
  const similar = titlesFor(mediaType === 'tv' ? 'originals' : 'action', 6).filter((other) => other.id !== title.id);
  const common = {
    id: title.id,
    overview: title.overview,
    backdrop_path: title.backdrop_path,
    poster_path: title.poster_path,
    genres: [
      { id: 18, name: 'Drama' },
      { id: 35, name: 'Comedy' },
    ],
    credits: {
      cast: CAST.map((name, order) => castMember(500 + order, name, order, `Role ${order + 1}`)),
      crew: [crewMember(600, 'Jo Marsh', 'Director')],
    },
  };
  if (mediaType === 'movie') {
    const release = { certification: 'PG-13', descriptors: [], iso_639_1: '', note: '', release_date: '', type: 3 };
    return movieDetails({
      ...common,
      title: title.title ?? '',
      release_date: title.release_date ?? '',
      runtime: 141,
      similar: page(
        similar.map((other) =>
          movieItem({
            id: other.id,
            title: other.title ?? '',
            release_date: other.release_date,
            overview: other.overview,
            backdrop_path: other.backdrop_path,
            poster_path: other.poster_path,
          }),
        ),
      ),
      release_dates: { results: [{ iso_3166_1: 'US', release_dates: [release] }] },
    });
  }
  return tvDetails({
    ...common,
    name: title.name ?? '',
    first_air_date: title.first_air_date ?? '',
    number_of_seasons: seasons,
    seasons: Array.from({ length: seasons }, (_, index) =>
      seasonSummary(index + 1, { id: title.id * 10 + index + 1, episode_count: 4 + index }),
    ),
    created_by: [creator(700, 'Kit Amari')],
    episode_run_time: [48],
    similar: page(
      similar.map((other) =>
        tvItem({
          id: other.id,
          name: other.name ?? '',
          first_air_date: other.first_air_date,
          overview: other.overview,
          backdrop_path: other.backdrop_path,
          poster_path: other.poster_path,
        }),
      ),
    ),
    content_ratings: { results: [{ iso_3166_1: 'US', rating: 'TV-14', descriptors: [] }] },
  });
}

/** A made-up season: plain "Episode N" labels, empty synopses but the first, generated stills. */
export function fakeSeason(tvId: number, seasonNumber: number, count = 3 + seasonNumber): Season {
  return seasonDetails(
    tvId,
    seasonNumber,
    Array.from({ length: count }, (_, index) =>
      episode(tvId, seasonNumber, index + 1, {
        overview: index === 0 ? 'The household arrives at the harbour and nothing is where they left it.' : '',
        runtime: 44 + index,
        still_path: fakeArtPath('backdrop', `S${seasonNumber} E${index + 1}`),
      }),
    ),
  );
}

/** The people the fake search finds, each with the row their titles come from. */
const PEOPLE = [
  { id: 600, name: 'Jo Marsh', row: 'action' },
  ...CAST.map((name, order) => ({ id: 500 + order, name, row: order % 2 ? 'romance' : 'horror' })),
];
const GENRE_ROWS: Record<number, string> = { 28: 'action', 35: 'comedy', 99: 'documentaries' };
/** Small pages, so that stories can show "More results". */
const FAKE_PAGE_SIZE = 12;
const nameOf = (title: Title) => title.title ?? title.name ?? '';
const searchable = () =>
  [...titlesFor('trending', 30), ...titlesFor('originals', 30)].map((title) => ({
    ...title,
    media_type: title.name === undefined ? ('movie' as const) : ('tv' as const),
  }));
const pageOf = (titles: Title[], page: number) => ({
  titles: titles.slice((page - 1) * FAKE_PAGE_SIZE, page * FAKE_PAGE_SIZE),
  page,
  totalPages: Math.max(1, Math.ceil(titles.length / FAKE_PAGE_SIZE)),
});

export interface FakeCatalogueOptions {
  /** Rows whose fetch fails. */
  failingRows?: RowId[];
  /** The section pages' genre lists fail. */
  failingGenres?: boolean;
  /** The detail view's details, or its seasons, fail. */
  failingDetails?: boolean;
  failingSeasons?: boolean;
  /** Every call is refused, as TMDB refuses a wrong api_key. */
  wrongKey?: boolean;
  delayMs?: number;
}

/** TMDB's answer to a wrong api_key (status 7), which the real adapters pass on. */
const WRONG_KEY = 'Invalid API key: You must be granted a valid key.';

/** The embedded catalogue's configuration: where its images and trailers live, and at which widths. */
const EMBEDDED = catalogueConfig({} as ImportMetaEnv);

/**
 * Inline content at the address the embedded host would serve it from: a data: URL with that
 * address as its fragment, which the browser ignores, so stories need no server while addresses
 * follow the real adapter's rules (image widths and sizes, the player's options).
 */
const inlineAt = (dataUrl: string, address: string) => `${dataUrl}#${address}`;

/**
 * A test double of the catalogue port for screen stories: made-up titles, inline images,
 * and a tiny page as the trailer. Never used by the app.
 */
export function createFakeCatalogue(options: FakeCatalogueOptions = {}): CatalogueService {
  const pause = async () => {
    await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 100));
    if (options.wrongKey) throw new Error(WRONG_KEY);
  };
  return {
    async fetchRow(row) {
      await pause();
      if (options.failingRows?.includes(row))
        throw new Error('Could not reach the catalogue. Check your connection and try again.');
      return titlesFor(row);
    },
    async genres(mediaType) {
      await pause();
      if (options.failingGenres) throw new Error('Could not reach the catalogue. Check your connection and try again.');
      return FAKE_GENRES[mediaType];
    },
    async discover(mediaType, { genreId }) {
      await pause();
      return titlesFor(genreRow(mediaType, genreId ?? 0));
    },
    async list(name) {
      await pause();
      return listTitles(name);
    },
    async fetchTrending() {
      await pause();
      return titlesFor('trending');
    },
    async fetchVideos(mediaType, id): Promise<Video[]> {
      await pause();
      // The video host's line-up: a trailer for every title, after a teaser for one in three.
      return videoTypesFor(id).map((type) => ({
        key: trailerKey({ mediaType, id }, type),
        type,
        site: 'Marquee',
        name: videoName(type),
      }));
    },
    async search(query) {
      await pause();
      const wanted = query.toLowerCase();
      return [...titlesFor('trending'), ...titlesFor('originals')].filter((title) =>
        (title.title ?? title.name ?? '').toLowerCase().includes(wanted),
      );
    },
    async searchTitles(query, page) {
      await pause();
      return pageOf(
        searchable().filter((title) => nameOf(title).toLowerCase().includes(query.toLowerCase())),
        page,
      );
    },
    async searchPeople(query) {
      await pause();
      const words = query.toLowerCase().split(/\s+/).filter(Boolean);
      return PEOPLE.filter((person) =>
        words.every((word) =>
          person.name
            .toLowerCase()
            .split(' ')
            .some((part) => part.startsWith(word)),
        ),
      ).map(({ id, name }) => ({ id, name }));
    },
    async personTitles(personId) {
      await pause();
      const person = PEOPLE.find((candidate) => candidate.id === personId);
      if (!person) throw new Error('The resource you requested could not be found.');
      return titlesFor(person.row, 8).map((title) => ({ ...title, media_type: 'movie' as const }));
    },
    async genreTitles(mediaType, genreId, page) {
      await pause();
      const row = mediaType === 'movie' ? GENRE_ROWS[genreId] : undefined;
      return pageOf(row ? titlesFor(row, 30).map((title) => ({ ...title, media_type: mediaType })) : [], page);
    },
    async details(mediaType, id) {
      await pause();
      if (options.failingDetails)
        throw new Error('Could not reach the catalogue. Check your connection and try again.');
      const lists: ListName[] = [
        'nowPlayingMovies',
        'onTheAirTv',
        'upcomingMovies',
        'trendingTvToday',
        'trendingMoviesToday',
      ];
      const title = [...ALL_ROWS.flatMap((row) => titlesFor(row)), ...lists.flatMap(listTitles)].find(
        (candidate) => candidate.id === id && (candidate.name !== undefined) === (mediaType === 'tv'),
      );
      if (!title) throw new Error('The resource you requested could not be found.');
      return fakeDetails(title, mediaType);
    },
    async season(tvId, seasonNumber) {
      await pause();
      if (options.failingSeasons)
        throw new Error('Could not reach the catalogue. Check your connection and try again.');
      return fakeSeason(tvId, seasonNumber);
    },
    imageSources(path, kind) {
      const art = fakeArtOf(path);
      const hue = (art.name.length * 47) % 360;
      const { src } = art.kind === 'poster' ? posterArt(art.name, hue) : backdropArt(art.name, hue);
      // The real adapter's candidates and sizes over the embedded host; each candidate is the one drawing.
      return imageCandidates(inlineAt(src, EMBEDDED.imageBase), path, kind, EMBEDDED.wideImageWidths);
    },
    trailerEmbedUrl: (key, use) =>
      trailerAddress((videoKey) => inlineAt(trailerPage(videoKey), EMBEDDED.embedUrl(videoKey)), key, use),
  };
}
