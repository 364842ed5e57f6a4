import type { MyListItem, ProgressEntry } from '../../shared/watching/watching.schema';
import { fakeArtPath } from './fake-catalogue';

// Made-up titles whose art the fake catalogue draws (fakeArtPath).

export const progressFixture = (
  id: number,
  title: string,
  positionSeconds: number,
  episode?: { season: number; episode: number },
): ProgressEntry => ({
  key: `${episode ? 'tv' : 'movie'}-${id}`,
  media_type: episode ? 'tv' : 'movie',
  id,
  season_number: episode?.season ?? null,
  episode_number: episode?.episode ?? null,
  position_seconds: positionSeconds,
  duration_seconds: episode ? 2880 : 6600,
  title,
  backdrop_path: fakeArtPath('backdrop', title),
  updated_at: '2026-11-23T10:00:00.000Z',
});

export const listFixture = (id: number, title: string, mediaType: 'movie' | 'tv' = 'movie'): MyListItem => ({
  key: `${mediaType}-${id}`,
  media_type: mediaType,
  id,
  title,
  backdrop_path: fakeArtPath('backdrop', title),
  poster_path: fakeArtPath('poster', title),
  added_at: '2026-11-23T10:00:00.000Z',
});

/** Three titles in progress: a series at S2:E3 and two films. */
export const IN_PROGRESS: ProgressEntry[] = [
  progressFixture(9001, 'Harbour Lights', 754, { season: 2, episode: 3 }),
  progressFixture(9002, 'The Salt Road', 1980),
  progressFixture(9003, 'Copper Sky', 5400),
];

export const LISTED: MyListItem[] = [
  listFixture(9101, 'Quiet Hours'),
  listFixture(9102, 'Northbound', 'tv'),
  listFixture(9103, 'Blue Static'),
];
