import { describe, expect, it } from 'vitest';

import { displayName, firstTrailer, mediaTypeOf, releaseYear } from '../../../../src/machines/browse/title.ts';
import type { Title, Video } from '../../../../src/services/catalogue/catalogue.port.ts';

function title(fields: Partial<Title> = {}): Title {
  return { id: 1, overview: 'An overview.', backdrop_path: '/b.jpg', poster_path: '/p.jpg', ...fields };
}

describe('displayName', () => {
  it('prefers the title', () => {
    expect(
      displayName(title({ title: 'Arrival', name: 'Name', original_name: 'Original', original_title: 'OT' })),
    ).toBe('Arrival');
  });

  it('falls back to the name, then the original name, then the original title', () => {
    expect(displayName(title({ name: 'Stranger Things', original_name: 'Original', original_title: 'OT' }))).toBe(
      'Stranger Things',
    );
    expect(displayName(title({ original_name: 'La casa de papel', original_title: 'OT' }))).toBe('La casa de papel');
    expect(displayName(title({ original_title: 'Le Samouraï' }))).toBe('Le Samouraï');
  });

  it("is 'Untitled' when the title has no name at all", () => {
    expect(displayName(title())).toBe('Untitled');
  });

  it('skips empty strings', () => {
    expect(displayName(title({ title: '', name: 'Dark' }))).toBe('Dark');
    expect(displayName(title({ title: '', name: '', original_name: 'Dark (DE)' }))).toBe('Dark (DE)');
    expect(displayName(title({ title: '', name: '', original_name: '', original_title: 'Dunkel' }))).toBe('Dunkel');
    expect(displayName(title({ title: '', name: '', original_name: '', original_title: '' }))).toBe('Untitled');
  });
});

describe('releaseYear', () => {
  it('is the part of first_air_date before the first dash', () => {
    expect(releaseYear(title({ first_air_date: '2016-07-15' }))).toBe('2016');
  });

  it("uses a movie's release_date", () => {
    expect(releaseYear(title({ release_date: '1999-03-31' }))).toBe('1999');
  });

  it('prefers first_air_date when both are present', () => {
    expect(releaseYear(title({ first_air_date: '2008-01-20', release_date: '2013-09-29' }))).toBe('2008');
  });

  it('falls back to release_date when first_air_date is empty', () => {
    expect(releaseYear(title({ first_air_date: '', release_date: '2021-10-22' }))).toBe('2021');
  });

  it('keeps a date without dashes whole', () => {
    expect(releaseYear(title({ release_date: '1977' }))).toBe('1977');
  });

  it('is undefined when neither date is known', () => {
    expect(releaseYear(title())).toBeUndefined();
    expect(releaseYear(title({ first_air_date: '', release_date: '' }))).toBeUndefined();
  });
});

describe('mediaTypeOf', () => {
  it("uses the title's own media_type when it is tv or movie, whatever its fields say", () => {
    expect(mediaTypeOf(title({ media_type: 'tv', title: 'Odd' }))).toBe('tv');
    expect(mediaTypeOf(title({ media_type: 'movie', name: 'Odd' }))).toBe('movie');
  });

  it('without media_type, a series is known by name / first_air_date (discover/tv, similar series)', () => {
    expect(mediaTypeOf(title({ name: 'Dark', first_air_date: '2017-12-01' }))).toBe('tv');
    expect(mediaTypeOf(title({ original_name: 'Dark' }))).toBe('tv');
    expect(mediaTypeOf(title({ first_air_date: '2017-12-01' }))).toBe('tv');
  });

  it('without media_type, a film is known by title / release_date (discover/movie, similar films)', () => {
    expect(mediaTypeOf(title({ title: 'Arrival', release_date: '2016-11-10' }))).toBe('movie');
    expect(mediaTypeOf(title({ original_title: 'Arrival' }))).toBe('movie');
  });

  it("a 'person' or a title with no telling field counts as a film", () => {
    expect(mediaTypeOf(title({ media_type: 'person', title: 'X' }))).toBe('movie');
    expect(mediaTypeOf(title())).toBe('movie');
  });
});

describe('firstTrailer', () => {
  const teaser: Video = { key: 'teaser-1', type: 'Teaser' };
  const trailer: Video = { key: 'trailer-1', type: 'Trailer' };
  const secondTrailer: Video = { key: 'trailer-2', type: 'Trailer' };

  it("is the first video of type 'Trailer', even after a teaser", () => {
    expect(firstTrailer([teaser, trailer, secondTrailer])).toBe(trailer);
    expect(firstTrailer([{ key: 'clip', type: 'Clip' }, secondTrailer, trailer])).toBe(secondTrailer);
  });

  it('is null when there is no trailer', () => {
    expect(firstTrailer([teaser, { key: 'featurette', type: 'Featurette' }])).toBeNull();
    expect(firstTrailer([])).toBeNull();
  });
});
