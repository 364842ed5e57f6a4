import { describe, expect, it } from 'vitest';

import {
  castNames,
  certificationOf,
  genreNames,
  initialSeason,
  lengthText,
  makersOf,
  runtimeText,
  similarTitles,
} from '../../../../src/machines/browse/title-details.ts';
import type { TitleDetails } from '../../../../src/services/catalogue/catalogue.port.ts';

function details(fields: Partial<TitleDetails> = {}): TitleDetails {
  return { id: 1, overview: '', backdrop_path: null, poster_path: null, ...fields };
}

const releases = (country: string, ...certifications: string[]) => ({
  iso_3166_1: country,
  release_dates: certifications.map((certification) => ({ certification })),
});

describe('certificationOf', () => {
  it('a film: the first non-empty US certification', () => {
    const film = details({ release_dates: { results: [releases('GB', '15'), releases('US', '', 'PG-13', 'R')] } });
    expect(certificationOf(film, 'movie')).toBe('PG-13');
  });

  it('a film: GB when the US gives none', () => {
    const film = details({ release_dates: { results: [releases('US', '', ' '), releases('GB', '', '12A')] } });
    expect(certificationOf(film, 'movie')).toBe('12A');
  });

  it('a series: US content rating, else GB', () => {
    const rated = (us: string) =>
      details({
        content_ratings: {
          results: [
            { iso_3166_1: 'DE', rating: '16' },
            { iso_3166_1: 'GB', rating: '15' },
            { iso_3166_1: 'US', rating: us },
          ],
        },
      });
    expect(certificationOf(rated('TV-MA'), 'tv')).toBe('TV-MA');
    expect(certificationOf(rated(''), 'tv')).toBe('15');
  });

  it('null when neither country says, or nothing was appended', () => {
    expect(certificationOf(details({ release_dates: { results: [releases('FR', 'U')] } }), 'movie')).toBeNull();
    expect(certificationOf(details(), 'movie')).toBeNull();
    expect(certificationOf(details(), 'tv')).toBeNull();
  });
});

describe('runtimeText and lengthText', () => {
  it.each([
    [141, '2h 21m'],
    [45, '45m'],
    [120, '2h'],
    [0, undefined],
    [null, undefined],
  ])('%s minutes → %s', (minutes, text) => {
    expect(runtimeText(minutes)).toBe(text);
  });

  it('a film shows its runtime; a series its number of seasons', () => {
    expect(lengthText(details({ runtime: 116 }), 'movie')).toBe('1h 56m');
    expect(lengthText(details({ number_of_seasons: 3 }), 'tv')).toBe('3 Seasons');
    expect(lengthText(details({ number_of_seasons: 1 }), 'tv')).toBe('1 Season');
    expect(lengthText(details(), 'tv')).toBeUndefined();
  });
});

describe('initialSeason', () => {
  const seasons = [0, 1, 2].map((n) => ({ id: n, season_number: n, name: '', episode_count: 1, air_date: null }));

  it('season 1 rather than the specials; the wanted one when listed', () => {
    expect(initialSeason(details({ seasons }))).toBe(1);
    expect(initialSeason(details({ seasons }), 2)).toBe(2);
    expect(initialSeason(details({ seasons }), 5)).toBe(1);
  });

  it('the specials when they are all there is; null with no seasons', () => {
    expect(initialSeason(details({ seasons: seasons.slice(0, 1) }))).toBe(0);
    expect(initialSeason(details())).toBeNull();
  });
});

describe('cast, makers, genres and similar titles', () => {
  const credits = {
    cast: [
      { id: 3, name: 'Third', order: 2 },
      { id: 1, name: 'First', order: 0 },
      { id: 2, name: 'Second', order: 1 },
    ],
    crew: [
      { id: 9, name: 'Denis Villeneuve', job: 'Director' },
      { id: 10, name: 'Eric Heisserer', job: 'Screenplay' },
    ],
  };

  it('cast in billing order', () => {
    expect(castNames(details({ credits }))).toEqual(['First', 'Second', 'Third']);
    expect(castNames(details())).toEqual([]);
  });

  it('a film’s director(s); a series’ creator(s)', () => {
    expect(makersOf(details({ credits }), 'movie')).toEqual({ label: 'Director', names: ['Denis Villeneuve'] });
    const two = { cast: [], crew: [...credits.crew, { id: 11, name: 'Other', job: 'Director' }] };
    expect(makersOf(details({ credits: two }), 'movie').label).toBe('Directors');
    const creators = [
      { id: 1, name: 'Baran bo Odar' },
      { id: 2, name: 'Jantje Friese' },
    ];
    expect(makersOf(details({ created_by: creators }), 'tv')).toEqual({
      label: 'Creators',
      names: ['Baran bo Odar', 'Jantje Friese'],
    });
    expect(makersOf(details({ created_by: creators.slice(0, 1) }), 'tv').label).toBe('Creator');
  });

  it('genre names, and similar titles without the title itself', () => {
    expect(genreNames(details({ genres: [{ id: 18, name: 'Drama' }] }))).toEqual(['Drama']);
    const other = details({ id: 2, title: 'Other' });
    expect(similarTitles(details({ similar: { results: [details(), other] } }))).toEqual([other]);
    expect(similarTitles(details())).toEqual([]);
  });
});
