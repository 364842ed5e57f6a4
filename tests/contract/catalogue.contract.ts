import { describe, expect, it } from 'vitest';

import { type CatalogueService, ROW_IDS } from '../../src/services/catalogue/catalogue.port.ts';

/** What the catalogue under test holds, by its own ids: a film, a series, and a person with a title they are credited on. */
export interface KnownTitles {
  film: number;
  series: number;
  person: { query: string; name: string; creditedOn: number };
}

/**
 * What both real catalogues hold, the embedded one and the recorded TMDB responses: Star Wars (11),
 * Game of Thrones (1399), and Christopher Nolan, Inception's (27205) director.
 */
export const REAL_CATALOGUE_TITLES: KnownTitles = {
  film: 11,
  series: 1399,
  person: { query: 'christopher nolan', name: 'Christopher Nolan', creditedOn: 27205 },
};

export interface CatalogueHarness {
  catalogue: CatalogueService;
  /** The same catalogue refusing its caller: with a wrong api_key (the fake: its wrongKey option). */
  withWrongKey: CatalogueService;
  /** Titles and a person the catalogue holds (REAL_CATALOGUE_TITLES for the real adapters). */
  known: KnownTitles;
  /** A query that finds at least one title (and, on TMDB, a person too). */
  searchTerm: string;
  /**
   * Why the search through people and genres cannot be played here, if it cannot: the recorded
   * TMDB responses predate it and this machine cannot reach TMDB to record them.
   */
  noPeopleSearch?: string;
}

/** The catalogue port's contract (catalogue.port.ts), TMDB-shaped whichever catalogue is live. */
export function catalogueContract(name: string, harness: () => CatalogueHarness) {
  describe(`catalogue contract: ${name}`, () => {
    it('fills every home row with titles that have an id, a name and art', async () => {
      const { catalogue } = harness();
      for (const row of ROW_IDS) {
        const titles = await catalogue.fetchRow(row);
        expect(titles.length, row).toBeGreaterThan(0);
        for (const title of titles) {
          expect(title.id).toEqual(expect.any(Number));
          expect(title.title ?? title.name).toMatch(/\S/);
          expect(title.poster_path ?? title.backdrop_path).toMatch(/^\/.+/);
        }
      }
    });

    it('gives the hero a trending list whose titles say their media type, with a trailer to play', async () => {
      const { catalogue } = harness();
      const trending = await catalogue.fetchTrending();
      expect(trending.length).toBeGreaterThan(0);
      expect(trending.every((t) => t.media_type === 'movie' || t.media_type === 'tv')).toBe(true);
      const first = trending[0];
      const videos = await catalogue.fetchVideos(first.media_type as 'movie' | 'tv', first.id);
      expect(videos.find((v) => v.type === 'Trailer')?.key).toMatch(/\S/);
    });

    it('searches titles (never people)', async () => {
      const { catalogue, searchTerm } = harness();
      const found = await catalogue.search(searchTerm);
      expect(found.length).toBeGreaterThan(0);
      expect(found.some((t) => t.media_type === 'person')).toBe(false);
    });

    it('finds titles through people (cast and crew) and genres, page by page', async (context) => {
      const { catalogue, searchTerm, noPeopleSearch, known } = harness();
      if (noPeopleSearch) {
        console.info(`skipped: ${noPeopleSearch}`);
        context.skip(noPeopleSearch);
      }
      const named = await catalogue.searchTitles(searchTerm, 1);
      expect(named.titles.length).toBeGreaterThan(0);
      expect(named.page).toBe(1);
      const [person] = await catalogue.searchPeople(known.person.query);
      expect(person.name).toBe(known.person.name);
      const credited = await catalogue.personTitles(person.id);
      expect(credited.map((title) => title.id)).toContain(known.person.creditedOn);
      expect(credited.every((title) => title.media_type === 'movie' || title.media_type === 'tv')).toBe(true);
      expect(await catalogue.genres('movie')).toContainEqual({ id: 35, name: 'Comedy' });
      const comedies = await catalogue.genreTitles('movie', 35, 2);
      expect(comedies.page).toBe(2);
      expect(comedies.titles.length).toBeGreaterThan(0);
      expect(comedies.totalPages).toBeGreaterThan(2);
    });

    it("gives images at several widths, and the player's options", () => {
      const { catalogue } = harness();
      const poster = catalogue.imageSources('/p.jpg', 'poster');
      expect(poster.src).toMatch(/\/w\d+\/p\.jpg$/);
      expect(poster.srcSet.split(', ').length).toBeGreaterThan(1);
      expect(poster.sizes).toMatch(/\S/);
      expect(catalogue.trailerEmbedUrl('abc')).toMatch(
        /\/embed\/abc\?autoplay=1&mute=1&showinfo=0&modestbranding=1&rel=0&playsinline=1$/,
      );
      // The hero's preview: no controls, and the IFrame API on for its sound toggle and end.
      expect(catalogue.trailerEmbedUrl('abc', 'preview')).toMatch(
        /\/embed\/abc\?autoplay=1&.*&controls=0&enablejsapi=1$/,
      );
    });

    it("gives a film's details in one request: genres and a runtime", async () => {
      const { catalogue, known } = harness();
      const film = await catalogue.details('movie', known.film);
      expect(film.id).toBe(known.film);
      expect('seasons' in film).toBe(false);
      expect(film.genres.length).toBeGreaterThan(0);
      expect('runtime' in film && film.runtime).toBeGreaterThan(0);
    });

    it("gives a series' details with its credits, similar titles and ratings appended, then a season's episodes", async () => {
      const { catalogue, known } = harness();
      const series = await catalogue.details('tv', known.series);
      if (!('seasons' in series)) throw new Error('a series lists its seasons');
      const first = series.seasons.find((season) => season.season_number > 0)!;
      expect(first.episode_count).toBeGreaterThan(0);
      expect(Array.isArray(series.credits?.cast)).toBe(true);
      expect(Array.isArray(series.similar?.results)).toBe(true);
      expect(Array.isArray(series.content_ratings?.results)).toBe(true);

      const season = await catalogue.season(known.series, first.season_number);
      expect(season.season_number).toBe(first.season_number);
      expect(season.episodes.length).toBeGreaterThan(0);
      for (const episode of season.episodes) {
        expect(episode.episode_number).toEqual(expect.any(Number));
        expect(episode.name).toMatch(/\S/);
      }
    });

    it('refuses a wrong api key with a message', async () => {
      await expect(harness().withWrongKey.fetchTrending()).rejects.toThrow(/\S/);
    });
  });
}
