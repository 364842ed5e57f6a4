/**
 * How TMDB's answers become the search's sources (shared/catalogue/search.ts), which the app's
 * TMDB adapter and the embedded catalogue's whole search both read. A module apart from the
 * search's rules: the adapter loads with every page, the rules only with the search's.
 */
import type { MediaType, PersonMatch, Title, TitlePage } from './search.ts';

/** TMDB serves no page past 500, whatever total it reports. */
export const MAX_PAGE = 500;

/** A paged TMDB list as it arrives. */
export interface TmdbList {
  results?: Title[];
  page?: number;
  total_pages?: number;
}

export const titlePage = (body: TmdbList, page: number): TitlePage => ({
  titles: body.results ?? [],
  page: body.page ?? page,
  totalPages: Math.min(MAX_PAGE, body.total_pages ?? page),
});

/** search/multi's page: titles, then people (media_type "person"). */
export interface TmdbMultiList {
  results?: Array<Title | { media_type?: 'person' }>;
  page?: number;
  total_pages?: number;
}

/** search/multi's page as titles: the people it lists after the titles left out. */
export function namedTitles(body: TmdbMultiList, page: number): TitlePage {
  const found = titlePage({ page: body.page, total_pages: body.total_pages }, page);
  return { ...found, titles: (body.results ?? []).filter((entry): entry is Title => entry.media_type !== 'person') };
}

/** A discover page of a genre: lists other than trending do not say their media type; the path does. */
export function genrePage(body: TmdbList, page: number, mediaType: MediaType): TitlePage {
  const found = titlePage(body, page);
  return { ...found, titles: found.titles.map((title) => ({ ...title, media_type: mediaType })) };
}

/** search/person's first page as the people found, most popular first. */
export const peopleOf = (body: { results?: PersonMatch[] }): PersonMatch[] =>
  (body.results ?? []).map(({ id, name }) => ({ id, name }));

/**
 * A person's combined credits as titles: one entry per title (someone may both direct and write
 * it), most popular first, as the person's other lists are.
 */
export function creditedTitles(body: {
  cast?: Array<Title & { popularity?: number }>;
  crew?: Array<Title & { popularity?: number }>;
}): Title[] {
  const seen = new Map<string, Title & { popularity?: number }>();
  for (const credit of [...(body.cast ?? []), ...(body.crew ?? [])]) {
    if (credit.media_type !== 'movie' && credit.media_type !== 'tv') continue;
    const key = `${credit.media_type}-${credit.id}`;
    if (!seen.has(key)) seen.set(key, credit);
  }
  return [...seen.values()].sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0));
}
