// `npm run bench:catalogue`: the catalogue at 100k titles. Loads the shipped catalogue plus
// synthetic titles into a scratch data folder, starts the real server on 127.0.0.1, then prints
// search latency (p50/p95 over distinct queries) and a row endpoint's requests per second at
// 50 connections beside the same server's throughput for a static file of similar size.
//
// A search is what the app's search asks of the embedded server (src/screens/browse/search-logic.ts
// through src/services/catalogue/tmdb-catalogue.ts): its whole first page in one request,
// GET /search/whole (the names, people and genres the query finds, composed by
// shared/catalogue/search.ts on the server). Its latency runs from the request sent to the answer
// read, with every request going to the server as from a browser whose cache is empty. For
// comparison it also times the same search composed from TMDB's calls, as the app makes it against
// TMDB itself: titles, people and both genre lists at once, then the titles of the first people
// found and of the genres the query names, at once. The two ways run in turns, query by query.
// Targets: search p95 ≤ 2 ms; the row at least 0.9× the static file's rate; each the median of
// BENCH_RUNS runs (3). BENCH_SECONDS sets each throughput run's length (10), BENCH_TITLES the titles.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import autocannon from 'autocannon';

import { buildApp } from '../server/app.ts';
import { CATALOGUE_SOURCES, readCatalogueFile } from '../server/catalogue/catalogue-data.ts';
import type { CatalogueTitle } from '../server/catalogue/catalogue-title.ts';
import { loadCatalogue } from '../server/catalogue/load-catalogue.ts';
import { matchingGenres, MAX_PEOPLE } from '../shared/catalogue/search.ts';

const TITLES = Number(process.env.BENCH_TITLES ?? 100_000);
const SEARCHES = 2000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** Each figure is the median of this many runs (searches, then the row and the static file). */
const RUNS = Math.max(1, Math.min(5, Number(process.env.BENCH_RUNS ?? 3)));
/**
 * A run's searches ask in a language of their own: the same queries and the same work, at
 * addresses the response cache has not seen (the catalogue answers every language alike).
 */
const LANGUAGES = ['en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IE', 'en-NZ', 'en-ZA', 'en-IN', 'en-SG', 'en-JM'];
const KEY = 'bench-key';
const SEARCH_P95_TARGET_MS = 2;
const ROW_TO_STATIC_TARGET = 0.9;

const WORDS = `amber arrow autumn beacon bitter blue border bright broken canyon carbon castle cedar
  cinder circle city cobalt comet coral crimson crown crystal dagger dark dawn desert distant dream
  dust echo ember empire falcon fire forest fortune frost garden ghost glass gold harbour heart hidden
  hollow horizon hunter iron island ivory jade journey kingdom lantern last legend light lion lonely
  lost lunar marble meadow midnight mirror moon mountain night north ocean orchard paper phantom pilot
  quiet rain raven red river road rose ruby salt scarlet secret shadow silent silver sky smoke snow
  solar spring star steel stone storm summer sun thunder tide tiger timber tower valley velvet violet
  voyage west whisper wild willow winter wolf`
  .split(/\s+/)
  .filter(Boolean);
const GENRES = [28, 12, 16, 35, 80, 99, 18, 10751, 14, 36, 27, 10402, 9648, 10749, 878, 53, 10752, 37];

// A small seeded generator keeps runs comparable.
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];

function syntheticTitle(index: number): CatalogueTitle {
  const name = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(WORDS))
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
  return {
    id: 10_000_000 + index,
    mediaType: 'movie',
    name,
    originalName: name,
    date: `${1950 + Math.floor(random() * 75)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
    genreIds: [pick(GENRES), pick(GENRES)],
    originalLanguage: 'en',
    originCountry: [],
    networks: [],
    popularity: Math.round(random() * 3000) / 10,
    voteAverage: Math.round(random() * 100) / 10,
    voteCount: Math.floor(random() * 20_000),
    overview: `${name} is a synthetic title made for the catalogue benchmark.`,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-'));
const webRoot = join(dataDir, 'web');
mkdirSync(webRoot);
// The server serves static files only next to a built index.html.
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>bench</title>');
try {
  const app = await buildApp({ dataDir, webRoot, catalogueApiKey: KEY });
  await app.ready();

  let started = performance.now();
  const movies = readCatalogueFile('movies', CATALOGUE_SOURCES[0].file);
  const synthetic = Array.from({ length: Math.max(0, TITLES - movies.titles.length) }, (_, index) =>
    syntheticTitle(index),
  );
  await loadCatalogue(app.db, { ...movies, hash: 'bench', titles: [...movies.titles, ...synthetic] });
  const { total } = app.db.prepare('SELECT count(*) AS total FROM catalogue_titles').get() as { total: number };
  console.log(`catalogue: ${total} titles loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const base = await app.listen({ host: '127.0.0.1', port: 0 });

  // Distinct queries (prefixes of one or two words), so the response cache never answers: one
  // set for the searches, another for the titles request alone.
  const queries = new Set<string>();
  const alone = new Set<string>();
  while (alone.size < SEARCHES) {
    const word = pick(WORDS);
    const query =
      random() < 0.5
        ? word.slice(0, 2 + Math.floor(random() * (word.length - 1)))
        : `${word} ${pick(WORDS).slice(0, 3)}`;
    if (queries.size < SEARCHES) queries.add(query);
    else if (!queries.has(query)) alone.add(query);
  }
  // node:http with kept-alive connections, not fetch: the client shares the server's process and
  // event loop here, and fetch costs several times the CPU per request (bench/load/http.ts).
  const { port } = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const get = (path: string, query: Record<string, string>) =>
    new Promise<unknown>((resolve, reject) => {
      const search = new URLSearchParams({ ...query, api_key: KEY });
      const req = request({ agent, host: '127.0.0.1', port, path: `/tmdb/3${path}?${search}` }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${path} ${String(search)} answered ${res.statusCode}`));
          else resolve(JSON.parse(text));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  type Genres = { genres: Array<{ id: number; name: string }> };
  /** One search as the app makes it of the embedded catalogue; answers how many requests it took. */
  const searchAsTheAppDoes = async (query: string, language: string) => {
    await get('/search/whole', { query, language });
    return 1;
  };
  /** The same search composed from TMDB's calls (as against TMDB); answers how many requests it took. */
  const searchComposed = async (query: string, language: string) => {
    const listed = { include_adult: 'false', language };
    const [, people, movieGenres, tvGenres] = (await Promise.all([
      get('/search/multi', { query, ...listed }),
      get('/search/person', { query, ...listed }),
      get('/genre/movie/list', { language }),
      get('/genre/tv/list', { language }),
    ])) as [unknown, { results: Array<{ id: number }> }, Genres, Genres];
    const genres = [
      ...matchingGenres(query, movieGenres.genres).map((genre) => ['movie', genre.id] as const),
      ...matchingGenres(query, tvGenres.genres).map((genre) => ['tv', genre.id] as const),
    ];
    const chosen = people.results.slice(0, MAX_PEOPLE);
    await Promise.all([
      ...chosen.map((person) => get(`/person/${person.id}/combined_credits`, { language })),
      ...genres.map(([mediaType, id]) =>
        get(`/discover/${mediaType}`, {
          with_genres: String(id),
          sort_by: 'popularity.desc',
          page: '1',
          language,
        }),
      ),
    ]);
    return 4 + chosen.length + genres.length;
  };

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const list = (values: number[], digits = 2) => values.map((value) => value.toFixed(digits)).join(', ');
  /**
   * Both ways in turns, query by query (which goes first alternates), each run in languages of
   * its own, so that the machine's other load and the warmth of caches fall on both alike.
   */
  const ways = { whole: searchAsTheAppDoes, composed: searchComposed };
  type Way = keyof typeof ways;
  const timed = {
    whole: { runs: [] as Array<{ p50: number; p95: number }>, requests: 0, cpu: 0 },
    composed: { runs: [] as Array<{ p50: number; p95: number }>, requests: 0, cpu: 0 },
  };
  for (let run = 0; run < RUNS; run++) {
    const latencies: Record<Way, number[]> = { whole: [], composed: [] };
    let turn = 0;
    for (const query of queries) {
      const order: Way[] = turn++ % 2 ? ['composed', 'whole'] : ['whole', 'composed'];
      for (const way of order) {
        // CPU time is steadier than latency on a shared machine: server and client, this one process.
        const cpuBefore = process.cpuUsage();
        started = performance.now();
        timed[way].requests += await ways[way](query, LANGUAGES[2 * run + (way === 'whole' ? 0 : 1)]);
        latencies[way].push(performance.now() - started);
        const cpu = process.cpuUsage(cpuBefore);
        timed[way].cpu += cpu.user + cpu.system;
      }
    }
    for (const way of ['whole', 'composed'] as const) {
      latencies[way].sort((x, y) => x - y);
      timed[way].runs.push({ p50: percentile(latencies[way], 50), p95: percentile(latencies[way], 95) });
    }
  }
  const cpuPerSearch = (way: Way) => timed[way].cpu / 1000 / (SEARCHES * RUNS);
  const { whole, composed } = timed;
  const searchRuns = whole.runs;
  // The titles request alone, as this bench measured search before it followed the app.
  const multiLatencies: number[] = [];
  for (const query of alone) {
    started = performance.now();
    await get('/search/multi', { query, include_adult: 'false', language: 'en-US' });
    multiLatencies.push(performance.now() - started);
  }
  agent.destroy();
  multiLatencies.sort((a, b) => a - b);
  const p95 = median(searchRuns.map((run) => run.p95));
  const describeRuns = (runs: typeof searchRuns, requests: number) =>
    `(${SEARCHES} distinct queries, ${(requests / SEARCHES / RUNS).toFixed(1)} requests each, one search at a ` +
    `time), median of ${RUNS} runs: p50 ${median(runs.map((run) => run.p50)).toFixed(2)} ms, ` +
    `p95 ${median(runs.map((run) => run.p95)).toFixed(2)} ms (p95s ${list(runs.map((run) => run.p95))})`;
  console.log(`search as the app makes it, GET /search/whole ${describeRuns(whole.runs, whole.requests)}`);
  console.log(`  CPU per search (server and client together): ${cpuPerSearch('whole').toFixed(2)} ms`);
  console.log(`  composed from TMDB's calls instead ${describeRuns(composed.runs, composed.requests)}`);
  console.log(`  CPU per composed search: ${cpuPerSearch('composed').toFixed(2)} ms`);
  console.log(
    `  /search/multi alone (another ${SEARCHES} distinct queries): p50 ${percentile(multiLatencies, 50).toFixed(2)} ms, ` +
      `p95 ${percentile(multiLatencies, 95).toFixed(2)} ms`,
  );

  const rowPath = `/tmdb/3/discover/movie?with_genres=28&api_key=${KEY}`;
  const rowBody = await (await fetch(`${base}${rowPath}`)).text();
  writeFileSync(join(webRoot, 'bench-static.json'), rowBody);
  // CPU per request as well (autocannon runs in this process too): steadier than the rates.
  const cpuPerRequest = { row: [] as number[], file: [] as number[] };
  const load = async (path: string, which: keyof typeof cpuPerRequest) => {
    const before = process.cpuUsage();
    const result = await autocannon({ url: `${base}${path}`, connections: 50, duration: DURATION_S });
    const used = process.cpuUsage(before);
    cpuPerRequest[which].push((used.user + used.system) / result.requests.total);
    return result.requests.average;
  };
  // Row and static file in turns, so that a change in the machine's other load falls on both.
  const rates: Array<{ row: number; file: number }> = [];
  for (let run = 0; run < RUNS; run++) {
    rates.push({ row: await load(rowPath, 'row'), file: await load('/bench-static.json', 'file') });
  }
  const rowRate = median(rates.map((rate) => rate.row));
  const staticRate = median(rates.map((rate) => rate.file));
  const ratio = median(rates.map((rate) => rate.row / rate.file));
  console.log(
    `row endpoint /discover/movie?with_genres=28 (${rowBody.length} bytes): ${Math.round(rowRate)} req/s at 50 connections`,
  );
  console.log(`static file of the same size: ${Math.round(staticRate)} req/s at 50 connections`);
  console.log(
    `CPU per request (server and autocannon together): row ${median(cpuPerRequest.row).toFixed(0)} µs, ` +
      `static file ${median(cpuPerRequest.file).toFixed(0)} µs`,
  );
  console.log(
    `row / static, median of ${RUNS} runs in turns: ${ratio.toFixed(2)} (${list(rates.map((rate) => rate.row / rate.file))})`,
  );

  const searchOk = p95 <= SEARCH_P95_TARGET_MS;
  const rowOk = ratio >= ROW_TO_STATIC_TARGET;
  console.log(
    `\ntargets: search p95 ≤ ${SEARCH_P95_TARGET_MS} ms ${searchOk ? 'met' : 'MISSED'}; ` +
      `row ≥ ${ROW_TO_STATIC_TARGET}× the static rate ${rowOk ? 'met' : 'MISSED'}`,
  );
  await app.close();
  process.exitCode = searchOk && rowOk ? 0 : 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
