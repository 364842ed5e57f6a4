import type { TmdbSeasonSummary, TmdbTvDetails } from '../../../shared/catalogue/tmdb.schema';
import type { TitleDetails } from '../../services/catalogue/catalogue.port';

/** The countries whose certification is shown, in order of preference. */
const CERTIFICATION_COUNTRIES = ['US', 'GB'];

/** A series' details (TMDB always lists a series' seasons; a film has none). */
export function isSeries(details: TitleDetails): details is TmdbTvDetails {
  return 'seasons' in details;
}

/**
 * The maturity rating: the US certification, else the GB one; the first non-empty one a country
 * lists (TMDB's release_dates for films, content_ratings for series). Null when neither says.
 */
export function certificationOf(details: TitleDetails): string | null {
  for (const country of CERTIFICATION_COUNTRIES) {
    const found = isSeries(details)
      ? details.content_ratings?.results.find((entry) => entry.iso_3166_1 === country && entry.rating.trim())?.rating
      : details.release_dates?.results
          .find((entry) => entry.iso_3166_1 === country)
          ?.release_dates.find((release) => release.certification.trim())?.certification;
    if (found) return found.trim();
  }
  return null;
}

/** A running time as the real service writes it: "2h 21m", "45m", "2h"; nothing when unknown (TMDB's 0 or null). */
export function runtimeText(minutes: number | null | undefined): string | undefined {
  if (!minutes || minutes <= 0) return undefined;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest}m`;
  return rest ? `${hours}h ${rest}m` : `${hours}h`;
}

/** The seasons a series offers for picking: the numbered ones (specials only when there is nothing else). */
export function pickableSeasons(details: TitleDetails): TmdbSeasonSummary[] {
  if (!isSeries(details)) return [];
  const seasons = [...details.seasons].sort((a, b) => a.season_number - b.season_number);
  const numbered = seasons.filter((season) => season.season_number > 0);
  return numbered.length ? numbered : seasons;
}

/** "2h 21m" for a film; "1 Season" / "N Seasons" for a series. */
export function lengthText(details: TitleDetails): string | undefined {
  if (!isSeries(details)) return runtimeText(details.runtime);
  const count = details.number_of_seasons || pickableSeasons(details).length;
  if (!count) return undefined;
  return count === 1 ? '1 Season' : `${count} Seasons`;
}

/** The season shown first: the one asked for when the series has it, otherwise its first. */
export function initialSeason(details: TitleDetails, wanted?: number): number | null {
  const seasons = pickableSeasons(details);
  if (wanted !== undefined && seasons.some((season) => season.season_number === wanted)) return wanted;
  return seasons[0]?.season_number ?? null;
}

/** The billed cast's names, in billing order. */
export function castNames(details: TitleDetails): string[] {
  const cast = [...(details.credits?.cast ?? [])];
  cast.sort((a, b) => a.order - b.order);
  return cast.map((member) => member.name);
}

/** Who made it: a film's director(s), a series' creator(s); each name once. */
export function makersOf(details: TitleDetails): { label: string; names: string[] } {
  const series = isSeries(details);
  const names = series
    ? details.created_by.map((creator) => creator.name)
    : (details.credits?.crew ?? []).filter((member) => member.job === 'Director').map((member) => member.name);
  const unique = [...new Set(names)];
  const one = unique.length === 1;
  return { label: series ? (one ? 'Creator' : 'Creators') : one ? 'Director' : 'Directors', names: unique };
}

export function genreNames(details: TitleDetails): string[] {
  return details.genres.map((genre) => genre.name);
}
