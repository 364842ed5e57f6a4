import { describe, expect, it } from 'vitest';

import { similarTitles } from '../../../../src/machines/browse/title.ts';
import {
  castNames,
  certificationOf,
  genreNames,
  initialSeason,
  lengthText,
  makersOf,
  runtimeText,
} from '../../../../src/machines/browse/title-details.ts';
import {
  castMember,
  creator,
  crewMember,
  movieDetails,
  movieItem,
  seasonSummary,
  tvDetails,
} from '../../../../stories/support/tmdb-fixtures.ts';

const release = (certification: string) => ({
  certification,
  descriptors: [],
  iso_639_1: '',
  note: '',
  release_date: '2016-11-10T00:00:00.000Z',
  type: 3,
});
const releases = (country: string, ...certifications: string[]) => ({
  iso_3166_1: country,
  release_dates: certifications.map(release),
});
const rating = (country: string, value: string) => ({ iso_3166_1: country, rating: value, descriptors: [] });

const page = <T>(results: T[]) => ({ page: 1, results, total_pages: 1, total_results: results.length });

describe('certificationOf', () => {
  it('a film: the first non-empty US certification', () => {
    const film = movieDetails({ release_dates: { results: [releases('GB', '15'), releases('US', '', 'PG-13', 'R')] } });
    expect(certificationOf(film)).toBe('PG-13');
  });

  it('a film: GB when the US gives none', () => {
    const film = movieDetails({ release_dates: { results: [releases('US', '', ' '), releases('GB', '', '12A')] } });
    expect(certificationOf(film)).toBe('12A');
  });

  it('a series: US content rating, else GB', () => {
    const rated = (us: string) =>
      tvDetails({ content_ratings: { results: [rating('DE', '16'), rating('GB', '15'), rating('US', us)] } });
    expect(certificationOf(rated('TV-MA'))).toBe('TV-MA');
    expect(certificationOf(rated(''))).toBe('15');
  });

  it('null when neither country says, or nothing was appended', () => {
    expect(certificationOf(movieDetails({ release_dates: { results: [releases('FR', 'U')] } }))).toBeNull();
    expect(certificationOf(movieDetails({ release_dates: undefined }))).toBeNull();
    expect(certificationOf(tvDetails({ content_ratings: undefined }))).toBeNull();
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

  it('a film shows its runtime (none when TMDB says 0); a series its number of seasons', () => {
    expect(lengthText(movieDetails({ runtime: 116 }))).toBe('1h 56m');
    expect(lengthText(movieDetails({ runtime: 0 }))).toBeUndefined();
    expect(lengthText(tvDetails({ number_of_seasons: 3 }))).toBe('3 Seasons');
    expect(lengthText(tvDetails({ number_of_seasons: 1 }))).toBe('1 Season');
    expect(lengthText(tvDetails())).toBeUndefined();
  });
});

describe('initialSeason', () => {
  const seasons = [0, 1, 2].map((n) => seasonSummary(n));

  it('season 1 rather than the specials; the wanted one when listed', () => {
    expect(initialSeason(tvDetails({ seasons }))).toBe(1);
    expect(initialSeason(tvDetails({ seasons }), 2)).toBe(2);
    expect(initialSeason(tvDetails({ seasons }), 5)).toBe(1);
  });

  it('the specials when they are all there is; null with no seasons or for a film', () => {
    expect(initialSeason(tvDetails({ seasons: seasons.slice(0, 1) }))).toBe(0);
    expect(initialSeason(tvDetails())).toBeNull();
    expect(initialSeason(movieDetails(), 1)).toBeNull();
  });
});

describe('cast, makers, genres and similar titles', () => {
  const credits = {
    cast: [castMember(3, 'Third', 2), castMember(1, 'First', 0), castMember(2, 'Second', 1)],
    crew: [crewMember(9, 'Denis Villeneuve', 'Director'), crewMember(10, 'Eric Heisserer', 'Screenplay', 'Writing')],
  };

  it('cast in billing order', () => {
    expect(castNames(movieDetails({ credits }))).toEqual(['First', 'Second', 'Third']);
    expect(castNames(movieDetails({ credits: undefined }))).toEqual([]);
  });

  it('a film’s director(s); a series’ creator(s)', () => {
    expect(makersOf(movieDetails({ credits }))).toEqual({ label: 'Director', names: ['Denis Villeneuve'] });
    const two = { cast: [], crew: [...credits.crew, crewMember(11, 'Other', 'Director')] };
    expect(makersOf(movieDetails({ credits: two })).label).toBe('Directors');
    const creators = [creator(1, 'Baran bo Odar'), creator(2, 'Jantje Friese')];
    expect(makersOf(tvDetails({ created_by: creators }))).toEqual({
      label: 'Creators',
      names: ['Baran bo Odar', 'Jantje Friese'],
    });
    expect(makersOf(tvDetails({ created_by: creators.slice(0, 1) })).label).toBe('Creator');
  });

  it('genre names, and similar titles without the title itself', () => {
    expect(genreNames(movieDetails({ genres: [{ id: 18, name: 'Drama' }] }))).toEqual(['Drama']);
    const self = movieItem({ id: 1, title: 'Self' });
    const other = movieItem({ id: 2, title: 'Other' });
    expect(similarTitles(movieDetails({ id: 1, similar: page([self, other]) }))).toEqual([other]);
    expect(similarTitles(movieDetails({ similar: undefined }))).toEqual([]);
  });
});
