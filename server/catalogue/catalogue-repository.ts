import type { Database, Statement } from 'better-sqlite3';

import type { CatalogueTitle, MediaType } from './catalogue-title.ts';

/** TMDB's page size and its limit on pages. */
export const PAGE_SIZE = 20;
export const MAX_PAGE = 500;
const MAX_RESULTS = MAX_PAGE * PAGE_SIZE;
/** Up to this many matches a search is ordered by relevance; beyond it, by popularity. */
const BROAD_MATCHES = 1000;

export interface Page {
  titles: CatalogueTitle[];
  total: number;
}

/** Orders a list can take (discover's sort_by values map onto these). */
export const SORTS = [
  'popularity',
  'popularity.asc',
  'rating',
  'rating.asc',
  'trending',
  'votes.desc',
  'votes.asc',
  'name.asc',
  'name.desc',
  'original_name.asc',
  'original_name.desc',
  'date.asc',
  'date.desc',
] as const;
export type Sort = (typeof SORTS)[number];

export interface ListQuery {
  mediaType: MediaType | 'all';
  /** Titles must have every one of these genres (TMDB's comma)... */
  genreIds?: number[];
  /** ...or, when set, at least one of them (TMDB's pipe). */
  anyGenre?: boolean;
  /** Titles must be on at least one of these networks. */
  networkIds?: number[];
  sort: Sort;
  page: number;
  /** Top-rated lists ignore titles with too few votes, like TMDB's. */
  minVotes?: number;
  /** Titles must have none of these genres. */
  withoutGenreIds?: number[];
  /** Release or first-air date bounds, inclusive (YYYY-MM-DD). */
  dateFrom?: string;
  dateTo?: string;
  /** Released or first aired in this year. */
  year?: number;
  voteAverageFrom?: number;
  voteAverageTo?: number;
  voteCountFrom?: number;
  voteCountTo?: number;
  /** ISO 639-1 codes; any of them. */
  originalLanguages?: string[];
}

interface TitleRow {
  key: number;
  media_type: MediaType;
  id: number;
  name: string;
  original_name: string;
  date: string | null;
  genre_ids: string;
  original_language: string;
  origin_country: string;
  networks: string;
  popularity: number;
  vote_average: number;
  vote_count: number;
  overview: string;
}

const toTitle = (row: TitleRow): CatalogueTitle => ({
  id: row.id,
  mediaType: row.media_type,
  name: row.name,
  originalName: row.original_name,
  date: row.date,
  genreIds: JSON.parse(row.genre_ids) as number[],
  originalLanguage: row.original_language,
  originCountry: JSON.parse(row.origin_country) as string[],
  networks: JSON.parse(row.networks) as number[],
  popularity: row.popularity,
  voteAverage: row.vote_average,
  voteCount: row.vote_count,
  overview: row.overview,
});

// Trending favours what is popular now: recent titles weigh more than old favourites.
// Titles without a date sort last either way, as on TMDB.
const ORDER: Record<Sort, string> = {
  popularity: 't.popularity DESC, t.key',
  'popularity.asc': 't.popularity ASC, t.key',
  rating: 't.vote_average DESC, t.vote_count DESC, t.key',
  'rating.asc': 't.vote_average ASC, t.vote_count ASC, t.key',
  trending: `t.popularity * (CASE WHEN t.date >= '2020' THEN 1.6 WHEN t.date >= '2010' THEN 1.25 ELSE 1.0 END) DESC, t.key`,
  'votes.desc': 't.vote_count DESC, t.key',
  'votes.asc': 't.vote_count ASC, t.key',
  'name.asc': 't.name COLLATE NOCASE ASC, t.key',
  'name.desc': 't.name COLLATE NOCASE DESC, t.key',
  'original_name.asc': 't.original_name COLLATE NOCASE ASC, t.key',
  'original_name.desc': 't.original_name COLLATE NOCASE DESC, t.key',
  'date.asc': 't.date IS NULL, t.date ASC, t.key',
  'date.desc': 't.date IS NULL, t.date DESC, t.key',
};

/** Similar titles share genres and era; recommendations share genres and are popular. */
export type Likeness = 'similar' | 'recommended';

/** Where-clauses for a year: dates are ISO text, so a year is a range (and keeps indexes usable). */
const yearRange = (year: number) => [
  `${String(year).padStart(4, '0')}-01-01`,
  `${String(year).padStart(4, '0')}-12-31`,
];

/**
 * Turns what a person typed into an FTS5 query: every word must match, the last ones as
 * prefixes ("star" finds "Stardust"). Words are quoted, so FTS5 operators typed by the user
 * are just text. Returns null when there is nothing to search for.
 */
export function toSearchExpression(text: string): string | null {
  const words =
    text
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 10) ?? [];
  return words.length ? words.map((word) => `"${word}"*`).join(' ') : null;
}

/** Read-only queries over the catalogue tables; statements are prepared once per shape. */
export function createCatalogueRepository(db: Database) {
  const statements = new Map<string, Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const offset = (page: number) => (page - 1) * PAGE_SIZE;

  return {
    findTitle(mediaType: MediaType, id: number): CatalogueTitle | null {
      const row = prepare('SELECT * FROM catalogue_titles WHERE media_type = ? AND id = ?').get(mediaType, id) as
        TitleRow | undefined;
      return row ? toTitle(row) : null;
    },

    list(query: ListQuery): Page {
      const where: string[] = [];
      const params: unknown[] = [];
      if (query.mediaType !== 'all') {
        where.push('t.media_type = ?');
        params.push(query.mediaType);
      }
      if (query.genreIds?.length) {
        const placeholders = query.genreIds.map(() => '?').join(',');
        if (query.anyGenre) {
          where.push(`t.key IN (SELECT key FROM catalogue_title_genres WHERE genre_id IN (${placeholders}))`);
          params.push(...query.genreIds);
        } else {
          where.push(
            `t.key IN (SELECT key FROM catalogue_title_genres WHERE genre_id IN (${placeholders}) GROUP BY key HAVING count(*) = ?)`,
          );
          params.push(...query.genreIds, new Set(query.genreIds).size);
        }
      }
      if (query.networkIds?.length) {
        where.push(
          `t.key IN (SELECT key FROM catalogue_title_networks WHERE network_id IN (${query.networkIds.map(() => '?').join(',')}))`,
        );
        params.push(...query.networkIds);
      }
      if (query.withoutGenreIds?.length) {
        where.push(
          `t.key NOT IN (SELECT key FROM catalogue_title_genres WHERE genre_id IN (${query.withoutGenreIds.map(() => '?').join(',')}))`,
        );
        params.push(...query.withoutGenreIds);
      }
      const bound = (clause: string, value: unknown) => {
        if (value === undefined) return;
        where.push(clause);
        params.push(value);
      };
      bound('t.vote_count >= ?', query.minVotes || undefined);
      bound('t.date >= ?', query.dateFrom);
      bound('t.date <= ?', query.dateTo);
      if (query.year !== undefined) {
        const [from, to] = yearRange(query.year);
        bound('t.date >= ?', from);
        bound('t.date <= ?', to);
      }
      bound('t.vote_average >= ?', query.voteAverageFrom);
      bound('t.vote_average <= ?', query.voteAverageTo);
      bound('t.vote_count >= ?', query.voteCountFrom);
      bound('t.vote_count <= ?', query.voteCountTo);
      if (query.originalLanguages?.length) {
        where.push(`t.original_language IN (${query.originalLanguages.map(() => '?').join(',')})`);
        params.push(...query.originalLanguages);
      }
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const { total } = prepare(`SELECT count(*) AS total FROM catalogue_titles t ${filter}`).get(...params) as {
        total: number;
      };
      const rows = prepare(
        `SELECT t.* FROM catalogue_titles t ${filter} ORDER BY ${ORDER[query.sort]} LIMIT ? OFFSET ?`,
      ).all(...params, PAGE_SIZE, offset(query.page)) as TitleRow[];
      return { titles: rows.map(toTitle), total };
    },

    /**
     * Full-text search: titles named exactly as typed first, then the rest. A focused query
     * (up to BROAD_MATCHES hits) is ordered by relevance, bm25 weighted to the name, computed
     * inside the FTS5 index; a broad one (a short prefix at 100k titles) by popularity, since
     * relevance among thousands of titles that all contain the word means little and ranking
     * them all would be slow. The index numbers titles most popular first (catalogue_search_order),
     * so a broad query reads its page off the index in that order and stops there.
     */
    search(text: string, mediaType: MediaType | 'all', page: number, year?: number): Page {
      const expression = toSearchExpression(text);
      if (!expression) return { titles: [], total: 0 };
      // Filters read the search order's own copy of the media type and date (o), not the titles.
      const clauses: string[] = [];
      const typeParams: unknown[] = [];
      if (mediaType !== 'all') {
        clauses.push('AND o.media_type = ?');
        typeParams.push(mediaType);
      }
      if (year !== undefined) {
        clauses.push('AND o.date >= ? AND o.date <= ?');
        typeParams.push(...yearRange(year));
      }
      const typed = clauses.join(' ');
      const name = text.trim();
      const matches = `catalogue_search s JOIN catalogue_search_order o ON o.position = s.rowid
        WHERE catalogue_search MATCH ?`;

      // Counted up to what TMDB can page through (500 pages of 20): a broad prefix stops there.
      // Without a filter the index alone counts.
      const { total } = (
        typed
          ? prepare(`SELECT count(*) AS total FROM (SELECT 1 FROM ${matches} ${typed} LIMIT ?)`).get(
              expression,
              ...typeParams,
              MAX_RESULTS,
            )
          : prepare(
              `SELECT count(*) AS total FROM (SELECT 1 FROM catalogue_search WHERE catalogue_search MATCH ? LIMIT ?)`,
            ).get(expression, MAX_RESULTS)
      ) as { total: number };

      // Titles named exactly as typed: counted, and only this page's share read (a common word
      // names hundreds of titles at 100k, and reading them all cost milliseconds per search).
      const start = offset(page);
      const { exactCount } = prepare(
        `SELECT count(*) AS exactCount FROM catalogue_search_order o WHERE o.name = ? COLLATE NOCASE ${typed}`,
      ).get(name, ...typeParams) as { exactCount: number };
      const fromExact =
        start < exactCount
          ? (prepare(
              `SELECT t.* FROM catalogue_search_order o JOIN catalogue_titles t ON t.key = o.key
               WHERE o.name = ? COLLATE NOCASE ${typed} ORDER BY o.position LIMIT ? OFFSET ?`,
            ).all(name, ...typeParams, PAGE_SIZE, start) as TitleRow[])
          : [];
      const restLimit = PAGE_SIZE - fromExact.length;
      const restOffset = Math.max(0, start - exactCount);

      // The page is chosen from the index and the search order alone; then its titles are read.
      const focused = total <= BROAD_MATCHES;
      const rest = prepare(
        `SELECT t.* FROM (
           SELECT o.key, o.position, ${focused ? 's.rank' : '0'} AS relevance
           FROM ${matches} AND o.name <> ? COLLATE NOCASE ${typed}
           ORDER BY ${focused ? 's.rank, ' : ''}s.rowid LIMIT ? OFFSET ?
         ) page JOIN catalogue_titles t ON t.key = page.key
         ORDER BY page.relevance, page.position`,
      ).all(expression, name, ...typeParams, restLimit, restOffset) as TitleRow[];
      return { titles: [...fromExact, ...rest].map(toTitle), total };
    },

    /**
     * Titles of the same media type that share genres with `title`, most shared first; ties
     * go to the nearest release year (similar) or the most popular (recommended), then the key,
     * so the order is stable. Computed per request (and cached by the API), never up front.
     */
    alike(title: CatalogueTitle, likeness: Likeness, page: number): Page {
      const genres = [...new Set(title.genreIds)];
      if (!genres.length) return { titles: [], total: 0 };
      const placeholders = genres.map(() => '?').join(',');
      const year = Number(title.date?.slice(0, 4) ?? NaN);
      const tieBreak =
        likeness === 'similar' && Number.isFinite(year)
          ? 't.date IS NULL, abs(CAST(substr(t.date, 1, 4) AS INTEGER) - ?), t.popularity DESC, t.key'
          : 't.popularity DESC, t.key';
      // Counted and ranked from the genre index first (a title of one genre has a few thousand
      // fellows at 100k titles), then joined: the planner would otherwise walk every title.
      const from = `FROM (SELECT key, count(*) AS overlap FROM catalogue_title_genres
          WHERE genre_id IN (${placeholders}) GROUP BY key) m
        CROSS JOIN catalogue_titles t ON t.key = m.key
        WHERE t.media_type = ? AND t.id <> ?`;
      const params = [...genres, title.mediaType, title.id];
      const { total } = prepare(`SELECT count(*) AS total ${from}`).get(...params) as { total: number };
      const rows = prepare(`SELECT t.* ${from} ORDER BY m.overlap DESC, ${tieBreak} LIMIT ? OFFSET ?`).all(
        ...params,
        ...(tieBreak.includes('?') ? [year] : []),
        PAGE_SIZE,
        offset(page),
      ) as TitleRow[];
      return { titles: rows.map(toTitle), total };
    },

    /** The newest release dates of a media type (up to `count`, newest first), for the dated lists. */
    newestDates(mediaType: MediaType, count: number): string[] {
      return (
        prepare(
          'SELECT date FROM catalogue_titles WHERE media_type = ? AND date IS NOT NULL ORDER BY date DESC LIMIT ?',
        ).all(mediaType, count) as Array<{ date: string }>
      ).map((row) => row.date);
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
