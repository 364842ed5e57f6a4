import type {
  CatalogueService,
  MediaType,
  RowId,
  Season,
  Title,
  TitleDetails,
  Video,
} from '../../src/services/catalogue/catalogue.port';
import { backdropArt, posterArt, trailerPage } from './art-fixtures';

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

/** Series are in the originals row, and every other title of Trending Now (which mixes both, like TMDB's). */
const isSeries = (row: string, index: number) => row === 'originals' || (row === 'trending' && index % 2 === 1);

/**
 * Twelve made-up titles per row, with inline artwork; every third has no trailer. Like TMDB's
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
      poster_path: `poster:${name}`,
      backdrop_path: `backdrop:${name}`,
      ...(row === 'trending' ? { media_type: series ? ('tv' as const) : ('movie' as const) } : {}),
    };
  });
}

const ALL_ROWS = ['trending', 'originals', 'topRated', 'action', 'comedy', 'horror', 'romance', 'documentaries'];
const CAST = ['Ada Brook', 'Tom Ferris', 'Lena Okafor', 'Sam Ortiz', 'Mia Lund', 'Raj Patel', 'Noor Haddad'];

/** A made-up title's details, shaped like TMDB's answer with credits, similar and certifications appended. */
export function fakeDetails(title: Title, mediaType: MediaType, seasons = 3): TitleDetails {
  const similar = titlesFor(mediaType === 'tv' ? 'originals' : 'action', 6).filter((other) => other.id !== title.id);
  const credits = {
    cast: CAST.map((name, order) => ({ id: 500 + order, name, character: `Role ${order + 1}`, order })),
    crew: [{ id: 600, name: 'Jo Marsh', job: 'Director', department: 'Directing' }],
  };
  const common = {
    ...title,
    genres: [
      { id: 18, name: 'Drama' },
      { id: 35, name: 'Comedy' },
    ],
    credits,
    similar: { results: similar },
  };
  if (mediaType === 'movie') {
    return {
      ...common,
      runtime: 141,
      release_dates: { results: [{ iso_3166_1: 'US', release_dates: [{ certification: 'PG-13' }] }] },
    };
  }
  return {
    ...common,
    number_of_seasons: seasons,
    seasons: Array.from({ length: seasons }, (_, index) => ({
      id: title.id * 10 + index + 1,
      season_number: index + 1,
      name: `Season ${index + 1}`,
      episode_count: 4 + index,
      air_date: `${2021 + index}-05-01`,
    })),
    created_by: [{ id: 700, name: 'Kit Amari' }],
    episode_run_time: [48],
    content_ratings: { results: [{ iso_3166_1: 'US', rating: 'TV-14' }] },
  };
}

/** A made-up season: plain "Episode N" labels, empty synopses but the first, generated stills. */
export function fakeSeason(tvId: number, seasonNumber: number, count = 3 + seasonNumber): Season {
  return {
    id: tvId * 10 + seasonNumber,
    season_number: seasonNumber,
    name: `Season ${seasonNumber}`,
    episodes: Array.from({ length: count }, (_, index) => ({
      id: tvId * 1000 + seasonNumber * 100 + index + 1,
      episode_number: index + 1,
      season_number: seasonNumber,
      name: `Episode ${index + 1}`,
      overview: index === 0 ? 'The household arrives at the harbour and nothing is where they left it.' : '',
      runtime: 44 + index,
      still_path: `backdrop:S${seasonNumber} E${index + 1}`,
    })),
  };
}

export interface FakeCatalogueOptions {
  /** Rows whose fetch fails. */
  failingRows?: RowId[];
  /** The detail view's details, or its seasons, fail. */
  failingDetails?: boolean;
  failingSeasons?: boolean;
  delayMs?: number;
}

/**
 * A test double of the catalogue port for screen stories: made-up titles, inline images,
 * and a tiny page as the trailer. Never used by the app.
 */
export function createFakeCatalogue(options: FakeCatalogueOptions = {}): CatalogueService {
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 100));
  return {
    async fetchRow(row) {
      await pause();
      if (options.failingRows?.includes(row))
        throw new Error('Could not reach the catalogue. Check your connection and try again.');
      return titlesFor(row);
    },
    async fetchTrending() {
      await pause();
      return titlesFor('trending');
    },
    async fetchVideos(_mediaType, id): Promise<Video[]> {
      await pause();
      return id % 3 === 2 ? [] : [{ key: `fake-${id}`, type: 'Trailer' }];
    },
    async search(query) {
      await pause();
      const wanted = query.toLowerCase();
      return [...titlesFor('trending'), ...titlesFor('originals')].filter((title) =>
        (title.title ?? title.name ?? '').toLowerCase().includes(wanted),
      );
    },
    async details(mediaType, id) {
      await pause();
      if (options.failingDetails)
        throw new Error('Could not reach the catalogue. Check your connection and try again.');
      const title = ALL_ROWS.flatMap((row) => titlesFor(row)).find(
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
    imageSources(path) {
      const [kind, name] = path.split(':');
      const hue = (name.length * 47) % 360;
      const art = kind === 'poster' ? posterArt(name, hue) : backdropArt(name, hue);
      return { src: art.src, srcSet: art.srcSet ?? '', sizes: art.sizes ?? '' };
    },
    trailerEmbedUrl: (key) => trailerPage(key),
  };
}
