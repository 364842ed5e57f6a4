import type { CatalogueService, RowId, Title, TitleDetails, Video } from '../../src/services/catalogue/catalogue.port';
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

/** Twelve made-up titles per row, with inline artwork; every third has no trailer. */
function titlesFor(row: string, count = 12): Title[] {
  return Array.from({ length: count }, (_, index) => {
    const name = `${NAMES[index % NAMES.length]}${row === 'trending' ? '' : ` ${index + 1}`}`;
    return {
      id: row.length * 1000 + index,
      ...(row === 'originals' ? { name, first_air_date: '2021-05-01' } : { title: name, release_date: '2019-09-12' }),
      overview: `${name} follows a household through one unforgettable year, told in twelve quiet, funny, furious chapters.`,
      poster_path: `poster:${name}`,
      backdrop_path: `backdrop:${name}`,
      media_type: row === 'originals' ? 'tv' : 'movie',
    };
  });
}

export interface FakeCatalogueOptions {
  /** Rows whose fetch fails. */
  failingRows?: RowId[];
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
    // Minimal here (the player reads name, genres and seasons); the detail view's fuller fake replaces it.
    async details(mediaType, id): Promise<TitleDetails> {
      await pause();
      const title =
        [...titlesFor('trending'), ...titlesFor('originals')].find((t) => t.id === id) ?? titlesFor('trending')[0];
      return {
        ...title,
        id,
        genres: [{ id: 878, name: 'Science Fiction' }],
        ...(mediaType === 'tv'
          ? { seasons: [{ id: 1, season_number: 1, name: 'Season 1', episode_count: 8, air_date: null }] }
          : {}),
      };
    },
    rowMediaType: (row) => (row === 'originals' ? 'tv' : 'movie'),
    imageSources(path) {
      const [kind, name] = path.split(':');
      const hue = (name.length * 47) % 360;
      const art = kind === 'poster' ? posterArt(name, hue) : backdropArt(name, hue);
      return { src: art.src, srcSet: art.srcSet ?? '', sizes: art.sizes ?? '' };
    },
    trailerEmbedUrl: (key) => trailerPage(key),
  };
}
