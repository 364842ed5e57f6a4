// `npm run bench:catalogue`: the catalogue at 100k titles. Loads the shipped catalogue plus
// synthetic titles into a scratch data folder, starts the real server on 127.0.0.1, then prints
// search latency (p50/p95 over distinct queries) and a row endpoint's requests per second at
// 50 connections beside the same server's throughput for a static file of similar size.
//
// A search is what the app's search asks of the server (findTitles in
// src/machines/browse/search-results.ts, through src/services/catalogue/tmdb-catalogue.ts): the
// titles named like the query, the people named like it and both genre lists at once; then the
// titles of the first people found and of the genres the query names, at once. Its latency runs
// from the first request sent to the last answer read. Every request goes to the server, as from
// a browser whose cache is empty (the genre lists and people's titles would otherwise come from it).
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
import { matchingGenres, MAX_PEOPLE } from '../src/machines/browse/search-results.ts';

const TITLES = Number(process.env.BENCH_TITLES ?? 100_000);
const SEARCHES = 2000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** Each figure is the median of this many runs (searches, then the row and the static file). */
const RUNS = Math.max(1, Math.min(5, Number(process.env.BENCH_RUNS ?? 3)));
/**
 * A run's searches ask in a language of their own: the same queries and the same work, at
 * addresses the response cache has not seen (the catalogue answers every language alike).
 */
const LANGUAGES = ['en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IE'];
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
  loadCatalogue(app.db, { ...movies, hash: 'bench', titles: [...movies.titles, ...synthetic] });
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
  /** One search as the app makes it; answers how many requests it took. */
  const searchAsTheAppDoes = async (query: string, language: string) => {
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
  const searchRuns: Array<{ p50: number; p95: number }> = [];
  let requests = 0;
  // CPU time is steadier than latency on a shared machine: server and client, this one process.
  const cpuBefore = process.cpuUsage();
  for (let run = 0; run < RUNS; run++) {
    const latencies: number[] = [];
    for (const query of queries) {
      started = performance.now();
      requests += await searchAsTheAppDoes(query, LANGUAGES[run]);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    searchRuns.push({ p50: percentile(latencies, 50), p95: percentile(latencies, 95) });
  }
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerSearch = (cpu.user + cpu.system) / 1000 / (SEARCHES * RUNS);
  // The titles request alone, as this bench measured search before it followed the app.
  const multiLatencies: number[] = [];
  for (const query of alone) {
    started = performance.now();
    await get('/search/multi', { query, include_adult: 'false', language: 'en-US' });
    multiLatencies.push(performance.now() - started);
  }
  agent.destroy();
  multiLatencies.sort((a, b) => a - b);
  const p50 = median(searchRuns.map((run) => run.p50));
  const p95 = median(searchRuns.map((run) => run.p95));
  console.log(
    `search as the app makes it (${SEARCHES} distinct queries, ${(requests / SEARCHES / RUNS).toFixed(1)} requests ` +
      `each, one search at a time), median of ${RUNS} runs: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms ` +
      `(p95s ${list(searchRuns.map((run) => run.p95))})`,
  );
  console.log(`  CPU per search (server and client together): ${cpuPerSearch.toFixed(2)} ms`);
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
