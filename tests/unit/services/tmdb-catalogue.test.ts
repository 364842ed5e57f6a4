import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FIRST_SCREEN_ID, type FirstScreen } from '../../../shared/catalogue/first-screen.ts';
import { ROW_IDS, type RowId, type Title, type Video } from '../../../src/services/catalogue/catalogue.port.ts';
import { readFirstScreen } from '../../../src/services/catalogue/first-screen.ts';
import { createTmdbCatalogue, type TmdbCatalogueConfig } from '../../../src/services/catalogue/tmdb-catalogue.ts';

const API_KEY = 'test-key-5f1c9a';
const BASE = '/tmdb/3';
const IMAGE_BASE = '/images/t/p';
const CONNECTION_MESSAGE = 'Could not reach the catalogue. Check your connection and try again.';

function config(fields: Partial<TmdbCatalogueConfig> = {}): TmdbCatalogueConfig {
  return {
    baseUrl: BASE,
    apiKey: API_KEY,
    imageBase: IMAGE_BASE,
    embedUrl: (key) => `/embed/${key}?autoplay=1&mute=1`,
    ...fields,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function title(id: number, fields: Partial<Title> = {}): Title {
  return {
    id,
    title: `Title ${id}`,
    overview: `Overview ${id}.`,
    backdrop_path: `/${id}-b.jpg`,
    poster_path: `/${id}-p.jpg`,
    ...fields,
  };
}

function toUrl(input: RequestInfo | URL): URL {
  return new URL(input instanceof Request ? input.url : String(input), window.location.href);
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** A stubbed global fetch answering through `handler`; the client resolves '/tmdb/3/...' against the page. */
function stubFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(toUrl(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, urls: () => fetchMock.mock.calls.map(([input]) => toUrl(input)) };
}

/** The one request made, asserting there was exactly one. */
function onlyUrl(urls: URL[]): URL {
  expect(urls).toHaveLength(1);
  return urls[0]!;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// docs/spec.md §7: each row's request.
const ROW_REQUESTS: [RowId, string, Record<string, string>][] = [
  ['originals', '/discover/tv', { with_networks: '213' }],
  ['trending', '/trending/all/week', { language: 'en-US' }],
  ['topRated', '/movie/top_rated', { language: 'en-US' }],
  ['action', '/discover/movie', { with_genres: '28' }],
  ['comedy', '/discover/movie', { with_genres: '35' }],
  ['horror', '/discover/movie', { with_genres: '27' }],
  ['romance', '/discover/movie', { with_genres: '10749' }],
  ['documentaries', '/discover/movie', { with_genres: '99' }],
];

describe('tmdb catalogue: rows', () => {
  it('the table below covers every row', () => {
    expect(ROW_REQUESTS.map(([row]) => row)).toEqual([...ROW_IDS]);
  });

  it.each(ROW_REQUESTS)(
    "fetchRow('%s') requests %s with %o and the api key, and returns results[]",
    async (row, path, params) => {
      const results = [title(row.length * 100 + 1), title(row.length * 100 + 2, { name: row })];
      const { urls } = stubFetch(() => json({ page: 1, results, total_pages: 1, total_results: 2 }));

      const titles = await createTmdbCatalogue(config()).fetchRow(row);

      const url = onlyUrl(urls());
      expect(url.pathname).toBe(`${BASE}${path}`);
      expect(url.searchParams.get('api_key')).toBe(API_KEY);
      for (const [name, value] of Object.entries(params)) {
        expect(url.searchParams.getAll(name), name).toEqual([value]);
      }
      expect(titles).toEqual(results);
    },
  );

  it('every row request carries the configured api key, and only once', async () => {
    const { urls } = stubFetch(() => json({ results: [] }));
    const catalogue = createTmdbCatalogue(config({ apiKey: 'another-key' }));

    for (const row of ROW_IDS) await catalogue.fetchRow(row);

    expect(urls()).toHaveLength(ROW_IDS.length);
    for (const url of urls()) expect(url.searchParams.getAll('api_key'), url.pathname).toEqual(['another-key']);
  });

  it('against an absolute base address (TMDB mode) requests under that host', async () => {
    const { urls } = stubFetch(() => json({ results: [] }));

    await createTmdbCatalogue(config({ baseUrl: 'https://api.themoviedb.org/3' })).fetchRow('action');

    const url = onlyUrl(urls());
    expect(url.origin).toBe('https://api.themoviedb.org');
    expect(url.pathname).toBe('/3/discover/movie');
    expect(url.searchParams.get('with_genres')).toBe('28');
    expect(url.searchParams.get('api_key')).toBe(API_KEY);
  });

  it('a body without results[] gives an empty list', async () => {
    stubFetch(() => json({ page: 1 }));

    await expect(createTmdbCatalogue(config()).fetchRow('comedy')).resolves.toEqual([]);
  });
});

describe('tmdb catalogue: details and seasons', () => {
  it.each([
    ['movie', 27205, 'credits,similar,release_dates'],
    ['tv', 1399, 'credits,similar,content_ratings'],
  ] as const)(
    'details(%s, %i) makes one request to /{mediaType}/{id} appending %s, and returns the body',
    async (mediaType, id, appended) => {
      const body = {
        id,
        genres: [{ id: 18, name: 'Drama' }],
        credits: { cast: [], crew: [] },
        similar: { results: [] },
      };
      const { urls } = stubFetch(() => json(body));

      await expect(createTmdbCatalogue(config()).details(mediaType, id)).resolves.toEqual(body);

      const url = onlyUrl(urls());
      expect(url.pathname).toBe(`${BASE}/${mediaType}/${id}`);
      expect(url.searchParams.getAll('append_to_response')).toEqual([appended]);
      expect(url.searchParams.getAll('api_key')).toEqual([API_KEY]);
    },
  );

  it('details against TMDB itself asks api.themoviedb.org', async () => {
    const { urls } = stubFetch(() => json({ id: 1 }));

    await createTmdbCatalogue(config({ baseUrl: 'https://api.themoviedb.org/3' })).details('tv', 1);

    const url = onlyUrl(urls());
    expect(url.origin).toBe('https://api.themoviedb.org');
    expect(url.pathname).toBe('/3/tv/1');
  });

  it("details rejects with TMDB's message for an unknown title, without retrying", async () => {
    const { fetchMock } = stubFetch(() =>
      json({ status_code: 34, status_message: 'The resource you requested could not be found.', success: false }, 404),
    );

    await expect(createTmdbCatalogue(config()).details('movie', 424242)).rejects.toThrow(
      'The resource you requested could not be found.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('season(tvId, n) requests /tv/{tvId}/season/{n} and returns the season with its episodes', async () => {
    const season = {
      id: 3624,
      season_number: 2,
      name: 'Season 2',
      episodes: [
        { id: 1, episode_number: 1, season_number: 2, name: 'Episode 1', overview: '', runtime: 52, still_path: null },
      ],
    };
    const { urls } = stubFetch(() => json(season));

    await expect(createTmdbCatalogue(config()).season(1399, 2)).resolves.toEqual(season);

    const url = onlyUrl(urls());
    expect(url.pathname).toBe(`${BASE}/tv/1399/season/2`);
    expect(url.searchParams.getAll('api_key')).toEqual([API_KEY]);
  });

  it('season gives an empty episode list when the body has none', async () => {
    stubFetch(() => json({ id: 9, season_number: 0, name: 'Specials' }));

    await expect(createTmdbCatalogue(config()).season(5, 0)).resolves.toMatchObject({ episodes: [] });
  });
});

describe('tmdb catalogue: trending, videos and search', () => {
  it('fetchTrending requests /trending/all/week in en-US and returns results[]', async () => {
    const results = [title(1, { media_type: 'movie' }), title(2, { media_type: 'tv' })];
    const { urls } = stubFetch(() => json({ results }));

    await expect(createTmdbCatalogue(config()).fetchTrending()).resolves.toEqual(results);

    const url = onlyUrl(urls());
    expect(url.pathname).toBe(`${BASE}/trending/all/week`);
    expect(url.searchParams.get('language')).toBe('en-US');
    expect(url.searchParams.get('api_key')).toBe(API_KEY);
  });

  it('the hero and the Trending Now row asking at once share one request', async () => {
    const results = [title(1, { media_type: 'movie' })];
    const { urls } = stubFetch(() => json({ results }));
    const catalogue = createTmdbCatalogue(config());

    const [hero, row] = await Promise.all([
      catalogue.fetchTrending(new AbortController().signal),
      catalogue.fetchRow('trending', new AbortController().signal),
    ]);
    expect(hero).toEqual(results);
    expect(row).toEqual(results);
    expect(onlyUrl(urls()).pathname).toBe(`${BASE}/trending/all/week`);
  });

  it.each([
    ['movie', 297762],
    ['tv', 1399],
  ] as const)('fetchVideos(%s, %i) requests /{mediaType}/{id}/videos and returns results[]', async (mediaType, id) => {
    const videos: Video[] = [
      { key: 'teaser', type: 'Teaser', site: 'YouTube', name: 'Teaser' },
      { key: 'trailer', type: 'Trailer', site: 'YouTube', name: 'Official Trailer' },
    ];
    const { urls } = stubFetch(() => json({ id, results: videos }));

    await expect(createTmdbCatalogue(config()).fetchVideos(mediaType, id)).resolves.toEqual(videos);

    const url = onlyUrl(urls());
    expect(url.pathname).toBe(`${BASE}/${mediaType}/${id}/videos`);
    expect(url.searchParams.get('api_key')).toBe(API_KEY);
  });

  it('fetchVideos gives an empty list when the body has no results[]', async () => {
    stubFetch(() => json({ id: 5 }));

    await expect(createTmdbCatalogue(config()).fetchVideos('movie', 5)).resolves.toEqual([]);
  });

  it('details(tv, id) requests /tv/{id} in one request with its appended answers', async () => {
    const body = {
      id: 1399,
      name: 'Thrones',
      seasons: [{ id: 1, season_number: 1, name: 'S1', episode_count: 10, air_date: null }],
    };
    const { urls } = stubFetch(() => json(body));

    await expect(createTmdbCatalogue(config()).details('tv', 1399)).resolves.toEqual(body);

    const url = onlyUrl(urls());
    expect(url.pathname).toBe(`${BASE}/tv/1399`);
    expect(url.searchParams.get('append_to_response')).toBe('credits,similar,content_ratings');
  });

  it('search requests /search/multi with the query and the api key', async () => {
    const { urls } = stubFetch(() => json({ results: [] }));

    await createTmdbCatalogue(config()).search('star wars');

    const url = onlyUrl(urls());
    expect(url.pathname).toBe(`${BASE}/search/multi`);
    expect(url.searchParams.get('query')).toBe('star wars');
    expect(url.searchParams.get('api_key')).toBe(API_KEY);
  });

  it('search sends a query with reserved characters intact', async () => {
    const { urls } = stubFetch(() => json({ results: [] }));

    await createTmdbCatalogue(config()).search('Amélie & Tom #1 = 100%?');

    const url = onlyUrl(urls());
    expect(url.searchParams.get('query')).toBe('Amélie & Tom #1 = 100%?');
    expect(url.searchParams.get('api_key')).toBe(API_KEY);
  });

  it("search drops people (media_type 'person') and keeps movies and series in order", async () => {
    const movie = title(1, { media_type: 'movie' });
    const series = title(2, { name: 'Star Trek', media_type: 'tv' });
    const person = { id: 3, name: 'Mark Hamill', media_type: 'person' } as unknown as Title;
    const untyped = title(4);
    stubFetch(() => json({ results: [person, movie, series, person, untyped] }));

    await expect(createTmdbCatalogue(config()).search('star')).resolves.toEqual([movie, series, untyped]);
  });
});

describe('tmdb catalogue: images and trailers', () => {
  it.each(['poster', 'backdrop', 'hero', 'detail', 'still'] as const)(
    'imageSources(%s) lists sized image URLs with w descriptors',
    (kind) => {
      const path = '/abc123.webp';
      const sources = createTmdbCatalogue(config()).imageSources(path, kind);

      const entries = sources.srcSet.split(', ');
      expect(entries.length).toBeGreaterThanOrEqual(2);
      const widths = entries.map((entry) => {
        const match = /^(\S+) (\d+)w$/.exec(entry);
        expect(match, entry).not.toBeNull();
        const width = Number(match![2]);
        expect(match![1]).toBe(`${IMAGE_BASE}/w${width}${path}`);
        return width;
      });
      expect(widths).toEqual([...widths].sort((a, b) => a - b));
      expect(new Set(widths).size).toBe(widths.length);
      expect(sources.src).toBe(`${IMAGE_BASE}/w${Math.max(...widths)}${path}`);
      expect(typeof sources.sizes).toBe('string');
      expect(sources.sizes.trim()).not.toBe('');
    },
  );

  it("adds the host's wide widths to the hero and detail art only, up to 2560 px", () => {
    const catalogue = createTmdbCatalogue(config({ wideImageWidths: [1920, 2560] }));
    const widthsOf = (kind: 'hero' | 'detail' | 'backdrop' | 'poster') =>
      catalogue
        .imageSources('/x.webp', kind)
        .srcSet!.split(', ')
        .map((entry) => Number(/ (\d+)w$/.exec(entry)![1]));
    expect(widthsOf('hero')).toEqual([780, 1280, 1920, 2560]);
    expect(widthsOf('detail')).toEqual([780, 1280, 1920, 2560]);
    expect(widthsOf('backdrop')).toEqual([300, 780]);
    expect(widthsOf('poster')).toEqual([185, 342, 500]);
    expect(catalogue.imageSources('/x.webp', 'detail').sizes).toMatch(/max\(50vw, 712px\)/);
    // TMDB itself has no such widths: without them the hero stops at w1280.
    expect(createTmdbCatalogue(config()).imageSources('/x.webp', 'hero').srcSet).not.toMatch(/w1920|w2560/);
  });

  it('imageSources uses the configured image host', () => {
    const sources = createTmdbCatalogue(config({ imageBase: 'https://image.tmdb.org/t/p' })).imageSources(
      '/x.jpg',
      'backdrop',
    );

    for (const entry of sources.srcSet.split(', ')) expect(entry.startsWith('https://image.tmdb.org/t/p/w')).toBe(true);
    expect(sources.src.startsWith('https://image.tmdb.org/t/p/w')).toBe(true);
  });

  it('imageSources never asks for the original size', () => {
    const catalogue = createTmdbCatalogue(config());
    for (const kind of ['poster', 'backdrop', 'hero', 'detail', 'still'] as const) {
      const { src, srcSet } = catalogue.imageSources('/x.jpg', kind);
      expect(`${src} ${srcSet}`).not.toContain('original');
    }
  });

  it("trailerEmbedUrl(key, 'preview') adds no controls and the IFrame API to the embed address", () => {
    const catalogue = createTmdbCatalogue(config({ embedUrl: (key) => `https://player.test/embed/${key}?autoplay=1` }));
    expect(catalogue.trailerEmbedUrl('k1', 'preview')).toBe(
      'https://player.test/embed/k1?autoplay=1&controls=0&enablejsapi=1',
    );
    expect(catalogue.trailerEmbedUrl('k1', 'modal')).toBe('https://player.test/embed/k1?autoplay=1');
  });

  it('trailerEmbedUrl delegates to config.embedUrl', () => {
    const embedUrl = vi.fn((key: string) => `https://player.test/embed/${key}?autoplay=1`);

    const url = createTmdbCatalogue(config({ embedUrl })).trailerEmbedUrl('dQw4w9WgXcQ');

    expect(url).toBe('https://player.test/embed/dQw4w9WgXcQ?autoplay=1');
    expect(embedUrl).toHaveBeenCalledWith('dQw4w9WgXcQ');
  });
});

describe('tmdb catalogue: errors', () => {
  it("a 401 rejects with TMDB's status_message, without retrying", async () => {
    const { fetchMock } = stubFetch(() =>
      json(
        { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false },
        401,
      ),
    );

    const failure = createTmdbCatalogue(config()).fetchRow('trending');

    await expect(failure).rejects.toThrow(new Error('Invalid API key: You must be granted a valid key.'));
    await expect(failure).rejects.toBeInstanceOf(Error);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("a 404 is not retried and rejects with TMDB's message", async () => {
    const { fetchMock } = stubFetch(() =>
      json({ status_code: 34, status_message: 'The resource you requested could not be found.', success: false }, 404),
    );

    await expect(createTmdbCatalogue(config()).fetchVideos('movie', 999999999)).rejects.toThrow(
      'The resource you requested could not be found.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an error without a TMDB body names the status', async () => {
    const { fetchMock } = stubFetch(() => new Response(null, { status: 404 }));

    await expect(createTmdbCatalogue(config()).fetchRow('horror')).rejects.toThrow('The catalogue answered 404.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  describe('retries (fake timers)', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });

    /** Runs the adapter's retry pauses until `promise` settles; returns its outcome. */
    async function settle<T>(promise: Promise<T>) {
      const outcome = promise.then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      await vi.runAllTimersAsync();
      return outcome;
    }

    it(`a network failure is retried twice, then rejects with '${CONNECTION_MESSAGE}'`, async () => {
      const { fetchMock, urls } = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

      const outcome = await settle(createTmdbCatalogue(config()).search('star'));

      expect(outcome.ok).toBe(false);
      expect(outcome.ok ? undefined : outcome.error).toEqual(new Error(CONNECTION_MESSAGE));
      expect(fetchMock).toHaveBeenCalledTimes(3);
      for (const url of urls()) {
        expect(url.pathname).toBe(`${BASE}/search/multi`);
        expect(url.searchParams.get('query')).toBe('star');
        expect(url.searchParams.getAll('api_key')).toEqual([API_KEY]);
      }
    });

    it('pauses before retrying', async () => {
      const { fetchMock } = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

      void createTmdbCatalogue(config())
        .fetchTrending()
        .catch(() => undefined);
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);

      await vi.runAllTimersAsync();
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });

    it('a network failure followed by an answer resolves with the answer', async () => {
      const results = [title(7)];
      let calls = 0;
      const { fetchMock } = stubFetch(() => {
        calls += 1;
        return calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json({ results });
      });

      const outcome = await settle(createTmdbCatalogue(config()).fetchRow('romance'));

      expect(outcome).toEqual({ ok: true, value: results });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('a 503 is retried and a later success is returned', async () => {
      const results = [title(8)];
      let calls = 0;
      const { fetchMock } = stubFetch(() => {
        calls += 1;
        return calls < 3 ? json({ status_code: 9, status_message: 'Service offline.' }, 503) : json({ results });
      });

      const outcome = await settle(createTmdbCatalogue(config()).fetchRow('documentaries'));

      expect(outcome).toEqual({ ok: true, value: results });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });

    it("a 500 on every try rejects with the last answer's message after 3 calls", async () => {
      const { fetchMock } = stubFetch(() =>
        json({ status_code: 11, status_message: 'Internal error: Something went wrong, contact TMDb.' }, 500),
      );

      const outcome = await settle(createTmdbCatalogue(config()).fetchVideos('tv', 1399));

      expect(outcome.ok ? undefined : outcome.error).toEqual(
        new Error('Internal error: Something went wrong, contact TMDb.'),
      );
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });
  });

  describe('timeouts (fake timers)', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });

    /** A fetch that never answers, but rejects like the platform's when its signal aborts. */
    function hangingFetch() {
      return stubFetch(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            const signal = init?.signal;
            if (!signal) return;
            if (signal.aborted) reject(signal.reason);
            signal.addEventListener('abort', () => reject(signal.reason));
          }),
      );
    }

    it('a request that never answers rejects after the timeout', async () => {
      hangingFetch();
      let outcome: unknown = 'pending';
      void createTmdbCatalogue(config({ timeoutMs: 1000 }))
        .fetchTrending()
        .catch((error: unknown) => {
          outcome = error;
        });

      await vi.advanceTimersByTimeAsync(999);
      expect(outcome).toBe('pending');

      await vi.advanceTimersByTimeAsync(10_000);
      expect(outcome).toEqual(new Error(CONNECTION_MESSAGE));
    });

    it("a request given the caller's AbortSignal still times out", async () => {
      hangingFetch();
      let outcome: unknown = 'pending';
      void createTmdbCatalogue(config({ timeoutMs: 1000 }))
        .fetchTrending(new AbortController().signal)
        .catch((error: unknown) => {
          outcome = error;
        });

      await vi.advanceTimersByTimeAsync(10_000);

      expect(outcome).toEqual(new Error(CONNECTION_MESSAGE));
    });

    it("the caller's AbortSignal aborts the request", async () => {
      const { fetchMock } = hangingFetch();
      const controller = new AbortController();
      let outcome: unknown = 'pending';
      void createTmdbCatalogue(config())
        .search('star', controller.signal)
        .catch((error: unknown) => {
          outcome = error;
        });
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(false);

      controller.abort();
      await vi.runAllTimersAsync();

      expect(outcome).toBeInstanceOf(Error);
    });
  });
});

describe('TMDB catalogue: search through names, people and genres', () => {
  it('searchTitles asks for the page and reports TMDB paging, at most 500 pages', async () => {
    const { urls } = stubFetch(() => json({ page: 3, results: [title(1, { media_type: 'movie' })], total_pages: 900 }));

    const found = await createTmdbCatalogue(config()).searchTitles('star', 3);

    expect(onlyUrl(urls()).searchParams.get('page')).toBe('3');
    expect(found).toEqual({ titles: [title(1, { media_type: 'movie' })], page: 3, totalPages: 500 });
  });

  it("personTitles lists a person's cast and crew credits once each, most popular first", async () => {
    const { urls } = stubFetch(() =>
      json({
        id: 525,
        cast: [{ ...title(1, { media_type: 'movie' }), popularity: 5, character: 'Himself' }],
        crew: [
          { ...title(2, { media_type: 'movie' }), popularity: 50, job: 'Director' },
          { ...title(2, { media_type: 'movie' }), popularity: 50, job: 'Writer' },
          { ...title(3, { name: 'A Series', media_type: 'tv' }), popularity: 20, job: 'Creator' },
        ],
      }),
    );

    const titles = await createTmdbCatalogue(config()).personTitles(525);

    expect(onlyUrl(urls()).pathname).toBe(`${BASE}/person/525/combined_credits`);
    expect(titles.map((found) => found.id)).toEqual([2, 3, 1]);
  });

  it('genreTitles discovers a genre by popularity and says the media type of each title', async () => {
    const { urls } = stubFetch(() => json({ page: 1, results: [title(7)], total_pages: 4 }));

    const found = await createTmdbCatalogue(config()).genreTitles('tv', 35, 1);

    const url = onlyUrl(urls());
    expect(url.pathname).toBe(`${BASE}/discover/tv`);
    expect(url.searchParams.get('with_genres')).toBe('35');
    expect(found.titles[0].media_type).toBe('tv');
    expect(found.totalPages).toBe(4);
  });
});

describe('tmdb catalogue: a search answered whole', () => {
  it('the embedded catalogue asks /search/whole once for the first page, as it answers it', async () => {
    const page = {
      groups: [{ key: 'names', why: 'Titles named like "nolan"', titles: [title(1, { media_type: 'movie' })] }],
      page: 1,
      sources: [{ kind: 'names', key: 'names', totalPages: 1 }],
    };
    const { urls } = stubFetch(() => json(page));

    const found = await createTmdbCatalogue(config({ wholeSearch: true })).findTitles!('nolan');

    const url = onlyUrl(urls());
    expect(url.pathname).toBe(`${BASE}/search/whole`);
    expect(url.searchParams.get('query')).toBe('nolan');
    expect(url.searchParams.get('api_key')).toBe(API_KEY);
    expect(found).toEqual(page);
  });

  it('against TMDB there is no whole answer: the search composes it', () => {
    expect(createTmdbCatalogue(config({ baseUrl: 'https://api.themoviedb.org/3' })).findTitles).toBeUndefined();
  });
});

describe("tmdb catalogue: the page's first screen", () => {
  const trending = { results: [title(7), title(8)] };
  const firstScreen = (fields: Partial<FirstScreen> = {}): FirstScreen => ({
    baseUrl: BASE,
    answers: { '/trending/all/week?language=en-US': trending },
    heroDraw: 0.75,
    ...fields,
  });

  it('answers the first trending request, and whoever asks with it (the hero and Trending Now), from the page', async () => {
    const { fetchMock } = stubFetch(() => json({ results: [title(99)] }));
    const catalogue = createTmdbCatalogue(config({ firstScreen: firstScreen() }));
    const [hero, row] = await Promise.all([catalogue.fetchTrending(), catalogue.fetchRow('trending')]);
    expect(hero).toEqual(trending.results);
    expect(row).toEqual(trending.results);
    expect(fetchMock).not.toHaveBeenCalled();
    // Only the first answer: asked again later, the catalogue asks the network.
    expect(await catalogue.fetchTrending()).toEqual([title(99)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("hands the hero the server's draw once, then Math.random's", () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.1);
    const catalogue = createTmdbCatalogue(config({ firstScreen: firstScreen() }));
    expect(catalogue.heroRandom!()).toBe(0.75);
    expect(catalogue.heroRandom!()).toBe(0.1);
    vi.restoreAllMocks();
  });

  it('ignores what another catalogue answered (a build that talks to TMDB itself)', async () => {
    const { fetchMock } = stubFetch(() => json({ results: [title(99)] }));
    vi.spyOn(Math, 'random').mockReturnValue(0.2);
    const catalogue = createTmdbCatalogue(config({ firstScreen: firstScreen({ baseUrl: 'https://elsewhere/3' }) }));
    expect(await catalogue.fetchTrending()).toEqual([title(99)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(catalogue.heroRandom!()).toBe(0.2);
    vi.restoreAllMocks();
  });
});

describe('readFirstScreen', () => {
  const page = (text: string | null) => ({
    getElementById: (id: string) =>
      id === FIRST_SCREEN_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
  });

  it('reads the data block the server wrote', () => {
    const data = { baseUrl: BASE, answers: { a: 1 }, heroDraw: 0.5 };
    expect(readFirstScreen(page(JSON.stringify(data)))).toEqual(data);
  });

  it('ignores a missing block, one that does not parse, and one that is not the right shape', () => {
    expect(readFirstScreen(page(null))).toBeUndefined();
    expect(readFirstScreen(page('{not json'))).toBeUndefined();
    expect(readFirstScreen(page(JSON.stringify({ baseUrl: BASE, answers: {}, heroDraw: 1 })))).toBeUndefined();
    expect(readFirstScreen(page(JSON.stringify({ baseUrl: BASE, answers: [], heroDraw: 0 })))).toBeUndefined();
    expect(readFirstScreen(undefined)).toBeUndefined();
  });
});
