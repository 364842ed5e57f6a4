/**
 * Maturity: the levels a profile can be limited to, what level a title is, and whether a level
 * may see a title. One definition for the server (which enforces it) and the screens (which offer
 * the levels). Plain constants and functions, no dependencies.
 *
 * A title's level comes from its certification in one country: films' release-date
 * certifications, series' content ratings. The country is the account's when it is known; the
 * default is GB (the seeded plan is priced in GBP), then US when GB has none. A certification is
 * mapped to the lowest level at or above its minimum age (PG-13 → 13+, TV-14 → 16+, R → 18+). A
 * title with no certification in either country is 18+: unknown content is never shown to a
 * limited profile.
 */

/** The levels, lowest first. 18+ sees everything. */
export const MATURITY_LEVELS = ['all', '7+', '13+', '16+', '18+'] as const;
export type MaturityLevel = (typeof MATURITY_LEVELS)[number];

/** A new profile's level: everything, as the real service's adult profiles. */
export const DEFAULT_MATURITY: MaturityLevel = '18+';
/** The highest level a kids profile may have. */
export const KIDS_MATURITY: MaturityLevel = '7+';

/** What the screens call each level. */
export const MATURITY_LABELS: Record<MaturityLevel, string> = {
  all: 'All ages',
  '7+': '7+',
  '13+': '13+',
  '16+': '16+',
  '18+': '18+ (everything)',
};

/** The countries tried when the account's own is unknown or has no certification, in order. */
export const DEFAULT_CERTIFICATION_COUNTRIES = ['GB', 'US'] as const;

export const isMaturityLevel = (value: unknown): value is MaturityLevel =>
  typeof value === 'string' && (MATURITY_LEVELS as readonly string[]).includes(value);

/** A level's rank: 0 for all ages, 4 for 18+. */
export const maturityRank = (level: MaturityLevel): number => MATURITY_LEVELS.indexOf(level);

/** Whether a profile at `profile` may see a title at `title`. */
export const maySee = (profile: MaturityLevel, title: MaturityLevel): boolean =>
  maturityRank(title) <= maturityRank(profile);

/** Whether a level is a kids profile's (7+ or lower). */
export const isKidsLevel = (level: MaturityLevel): boolean => maySee(KIDS_MATURITY, level);

/** Whether a profile is a kids profile: one limited to 7+ or lower (no separate flag). */
export const isKidsProfile = (profile: { maturity?: MaturityLevel }): boolean =>
  isKidsLevel(profile.maturity ?? DEFAULT_MATURITY);

/** The level "Kids?" gives a profile: 7+, or the lower one it already has. */
export const kidsLevelFrom = (level: MaturityLevel): MaturityLevel => (isKidsLevel(level) ? level : KIDS_MATURITY);

/**
 * Each country's certifications (films and series share GB's BBFC scale; the US has MPA ratings
 * for films and TV Parental Guidelines for series). A certification not listed (NR, "", Unrated)
 * is no certification.
 */
const CERTIFICATIONS: Record<string, Record<string, MaturityLevel>> = {
  GB: { U: 'all', PG: '7+', '12A': '13+', '12': '13+', '15': '16+', '18': '18+', R18: '18+' },
  US: {
    G: 'all',
    PG: '7+',
    'PG-13': '13+',
    R: '18+',
    'NC-17': '18+',
    'TV-Y': 'all',
    'TV-G': 'all',
    'TV-Y7': '7+',
    'TV-Y7-FV': '7+',
    'TV-PG': '7+',
    'TV-14': '16+',
    'TV-MA': '18+',
  },
};

/** One certification's level, or null when it is not one this country gives. */
export function certificationLevel(country: string, certification: string | null | undefined): MaturityLevel | null {
  if (!certification) return null;
  return CERTIFICATIONS[country.toUpperCase()]?.[certification.trim().toUpperCase()] ?? null;
}

/** A title's certifications by country (ISO 3166-1), as the catalogue knows them. */
export type Certifications = Readonly<Record<string, string | null | undefined>>;

/**
 * A title's level: its certification in the first of `country`, GB, US that has one it knows;
 * 18+ when none has.
 */
export function titleMaturity(certifications: Certifications, country?: string | null): MaturityLevel {
  const countries = country
    ? [country.toUpperCase(), ...DEFAULT_CERTIFICATION_COUNTRIES]
    : DEFAULT_CERTIFICATION_COUNTRIES;
  for (const each of countries) {
    const level = certificationLevel(each, certifications[each]);
    if (level) return level;
  }
  return '18+';
}

/** The certifications in TMDB's release_dates (films) or content_ratings (series) results. */
export function tmdbCertifications(
  results: readonly { iso_3166_1: string; rating?: string; release_dates?: readonly { certification: string }[] }[],
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const result of results) {
    const certification =
      result.rating ?? result.release_dates?.find((date) => date.certification.trim() !== '')?.certification;
    if (certification) found[result.iso_3166_1] = certification;
  }
  return found;
}
