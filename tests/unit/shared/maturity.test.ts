import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  certificationLevel,
  isKidsLevel,
  isKidsProfile,
  kidsLevelFrom,
  MATURITY_LEVELS,
  maySee,
  titleMaturity,
  tmdbCertifications,
} from '../../../shared/profiles/maturity.ts';

interface Entry {
  id: number;
  US: string | null;
  GB: string | null;
}
const data = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../server/catalogue/data/certifications.json'), 'utf8'),
) as { movie: Entry[]; tv: Entry[] };
const shipped = (mediaType: 'movie' | 'tv', id: number) => {
  const entry = data[mediaType].find((each) => each.id === id);
  if (!entry) throw new Error(`${mediaType} ${id} is not in the shipped catalogue`);
  return { US: entry.US, GB: entry.GB };
};

describe('titleMaturity with the shipped catalogue', () => {
  it.each([
    // Films: GB's certification first.
    ['movie', 549559, 'all'], // Apollo 11: G, U
    ['movie', 85, '7+'], // Raiders of the Lost Ark: PG, PG
    ['movie', 297762, '13+'], // Wonder Woman: PG-13, 12A
    ['movie', 447332, '16+'], // A Quiet Place: PG-13, 15 (GB's 15 wins over the US's PG-13)
    ['movie', 603, '16+'], // The Matrix: R, 15
    ['movie', 24, '18+'], // Kill Bill: Vol. 1: R, 18
    ['movie', 562, '18+'], // Die Hard: R, no GB certification (the US's is used)
    ['movie', 346, '18+'], // Seven Samurai: none at all
    // Series: content ratings.
    ['tv', 82728, 'all'], // Bluey: TV-Y
    ['tv', 246, '7+'], // Avatar: The Last Airbender: TV-Y7
    ['tv', 1400, '7+'], // Seinfeld: TV-PG
    ['tv', 119051, '16+'], // Wednesday: TV-14
    ['tv', 66732, '16+'], // Stranger Things: TV-14, 15
    ['tv', 65494, '18+'], // The Crown: TV-MA
  ] as const)('%s %i is %s', (mediaType, id, level) => {
    expect(titleMaturity(shipped(mediaType, id))).toBe(level);
  });

  it("prefers the account's own country when it has a certification, then GB, then US", () => {
    const quietPlace = shipped('movie', 447332);
    expect(titleMaturity(quietPlace, 'US')).toBe('13+');
    expect(titleMaturity(quietPlace, 'us')).toBe('13+');
    // A country without a certification for the title falls back to the default order.
    expect(titleMaturity(quietPlace, 'FR')).toBe('16+');
  });

  it('maps every certification the shipped catalogue uses (NR is no certification)', () => {
    for (const mediaType of ['movie', 'tv'] as const) {
      for (const entry of data[mediaType]) {
        for (const country of ['US', 'GB'] as const) {
          const certification = entry[country];
          if (certification === null || certification === 'NR') continue;
          expect(certificationLevel(country, certification), `${country} ${certification}`).not.toBeNull();
        }
      }
    }
    expect(certificationLevel('US', 'NR')).toBeNull();
  });
});

describe('maySee', () => {
  it('lets a level see titles at or below it, and 18+ see everything', () => {
    expect(maySee('7+', 'all')).toBe(true);
    expect(maySee('7+', '7+')).toBe(true);
    expect(maySee('7+', '13+')).toBe(false);
    expect(maySee('all', '7+')).toBe(false);
    for (const level of MATURITY_LEVELS) expect(maySee('18+', level)).toBe(true);
  });

  it('calls 7+ and all ages kids levels', () => {
    expect(MATURITY_LEVELS.filter(isKidsLevel)).toEqual(['all', '7+']);
  });
});

describe('tmdbCertifications', () => {
  it("reads TMDB's release_dates and content_ratings results", () => {
    expect(
      tmdbCertifications([
        { iso_3166_1: 'US', release_dates: [{ certification: '' }, { certification: 'PG-13' }] },
        { iso_3166_1: 'GB', release_dates: [{ certification: '15' }] },
      ]),
    ).toEqual({ US: 'PG-13', GB: '15' });
    expect(tmdbCertifications([{ iso_3166_1: 'US', rating: 'TV-Y7' }])).toEqual({ US: 'TV-Y7' });
  });
});

describe('isKidsProfile and kidsLevelFrom', () => {
  it('a profile at 7+ or lower is a kids profile; one with no level (18+) is not', () => {
    expect(isKidsProfile({ maturity: '7+' })).toBe(true);
    expect(isKidsProfile({ maturity: 'all' })).toBe(true);
    expect(isKidsProfile({ maturity: '13+' })).toBe(false);
    expect(isKidsProfile({})).toBe(false);
  });
  it('"Kids?" gives 7+, or keeps a lower level', () => {
    expect(kidsLevelFrom('18+')).toBe('7+');
    expect(kidsLevelFrom('13+')).toBe('7+');
    expect(kidsLevelFrom('all')).toBe('all');
  });
});
