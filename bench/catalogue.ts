// `npm run bench:catalogue`: the catalogue at 100k titles. Loads the shipped catalogue plus
// synthetic titles into a scratch data folder, starts the real server on 127.0.0.1, then prints
// search latency (p50/p95 over distinct queries) and a row endpoint's requests per second at
// 50 connections beside the same server's throughput for a static file of similar size.
// Targets: search p95 under 10 ms; the row at least half the static file's rate.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import autocannon from 'autocannon';

import { buildApp } from '../server/app.ts';
import { CATALOGUE_SOURCES, readCatalogueFile } from '../server/catalogue/catalogue-data.ts';
import type { CatalogueTitle } from '../server/catalogue/catalogue-title.ts';
import { loadCatalogue } from '../server/catalogue/load-catalogue.ts';

const TITLES = Number(process.env.BENCH_TITLES ?? 100_000);
const SEARCHES = 2000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const KEY = 'bench-key';

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

  // Distinct queries (prefixes of one or two words), so the response cache never answers.
  const queries = new Set<string>();
  while (queries.size < SEARCHES) {
    const word = pick(WORDS);
    queries.add(
      random() < 0.5
        ? word.slice(0, 2 + Math.floor(random() * (word.length - 1)))
        : `${word} ${pick(WORDS).slice(0, 3)}`,
    );
  }
  const latencies: number[] = [];
  for (const query of queries) {
    started = performance.now();
    const response = await fetch(`${base}/tmdb/3/search/multi?api_key=${KEY}&query=${encodeURIComponent(query)}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`search "${query}" answered ${response.status}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  console.log(
    `search (${SEARCHES} distinct queries over HTTP, one at a time): p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`,
  );

  const rowPath = `/tmdb/3/discover/movie?with_genres=28&api_key=${KEY}`;
  const rowBody = await (await fetch(`${base}${rowPath}`)).text();
  writeFileSync(join(webRoot, 'bench-static.json'), rowBody);
  const load = async (path: string) =>
    (await autocannon({ url: `${base}${path}`, connections: 50, duration: DURATION_S })).requests.average;
  const rowRate = await load(rowPath);
  const staticRate = await load('/bench-static.json');
  console.log(
    `row endpoint /discover/movie?with_genres=28 (${rowBody.length} bytes): ${Math.round(rowRate)} req/s at 50 connections`,
  );
  console.log(`static file of the same size: ${Math.round(staticRate)} req/s at 50 connections`);
  console.log(`row / static: ${(rowRate / staticRate).toFixed(2)}`);

  const searchOk = p95 < 10;
  const rowOk = rowRate >= staticRate / 2;
  console.log(
    `\ntargets: search p95 < 10 ms ${searchOk ? 'met' : 'MISSED'}; row ≥ half the static rate ${rowOk ? 'met' : 'MISSED'}`,
  );
  await app.close();
  process.exitCode = searchOk && rowOk ? 0 : 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
