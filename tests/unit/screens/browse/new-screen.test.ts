import { describe, expect, it } from 'vitest';

import { comingOn, ROWS } from '../../../../src/screens/browse/NewScreen.tsx';
import type { Title } from '../../../../src/services/catalogue/catalogue.port.ts';

const film = (release_date: string): Title => ({
  id: 1,
  title: 'Dune: Part Two',
  release_date,
  overview: '',
  backdrop_path: null,
  poster_path: null,
});
const NOW = new Date('2026-11-28T12:00:00Z');

describe('New & Popular: Coming Soon', () => {
  it('asks only for titles not yet released', () => {
    const row = ROWS.find((candidate) => candidate.heading === 'Coming Soon');
    expect(row?.list).toMatchObject({ lists: ['upcomingMovies'], unreleasedOnly: true });
  });

  it('says "Coming {date}" only of a title still to come', () => {
    expect(comingOn(film('2027-02-27'), NOW)).toBe('Coming February 27');
    expect(comingOn(film('2026-11-29'), NOW)).toBe('Coming November 29');
  });

  it('never says "Coming" of a released title, nor of an undated one', () => {
    expect(comingOn(film('2024-02-27'), NOW)).toBeUndefined();
    expect(comingOn(film('2026-11-28'), NOW)).toBeUndefined();
    expect(comingOn(film(''), NOW)).toBeUndefined();
  });
});
