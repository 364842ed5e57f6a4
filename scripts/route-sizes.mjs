// What each route downloads before it can show itself — its JavaScript and CSS, gzipped — worked
// out from Vite's build manifest (dist/.vite/manifest.json, `build.manifest` in vite.config.ts).
// One module for `npm run bench:web` (bench/web.ts) and the budget check in `npm test`
// (scripts/check-budgets.mjs), so both count the same bytes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import SIGNED_IN_CHUNKS from '../server/web/signed-in-chunks.json' with { type: 'json' };

// The chunks a signed-in address renders at once: one list for the server's preload hints and these budgets.
const signedIn = (path) => [SIGNED_IN_CHUNKS.routes, SIGNED_IN_CHUNKS.topBar, ...SIGNED_IN_CHUNKS.screens[path]];

/**
 * The routes measured. A route of the app loads its entry (index.html's script) with everything it
 * imports statically, then the lazy chunks it renders at once (`lazy`: manifest keys, each with its
 * own static imports). Budgets are in kB (1,000 bytes) of gzip, JS and CSS together: the performance
 * targets, landing 95 kB and every signed-in route 140 kB. The top bar's live controls, its menus, the detail view and the player's choice menus load when wanted (docs/decisions.md,
 * "Lazy menus and the signed-in chunks").
 *
 * A signed-out visit to "/" gets the landing document (docs/decisions.md, "Landing document"): a
 * page of its own, with its CSS inline and a small script built apart from the app into one file,
 * so the landing's first load is that page (`document`, counted) and what it loads (its scripts
 * and stylesheets; not the app's files it prefetches at idle).
 */
export const ROUTES = [
  {
    name: 'landing',
    path: '/',
    signedIn: false,
    document: 'landing.html',
    lazy: [],
    budgetKb: 95,
  },
  { name: 'home', path: '/', signedIn: true, lazy: signedIn('/'), budgetKb: 140 },
  { name: 'profiles', path: '/profiles', signedIn: true, lazy: signedIn('/profiles'), budgetKb: 140 },
  { name: 'account', path: '/account', signedIn: true, lazy: signedIn('/account'), budgetKb: 140 },
  { name: 'change-plan', path: '/change-plan', signedIn: true, lazy: signedIn('/change-plan'), budgetKb: 140 },
  { name: 'my-list', path: '/my-list', signedIn: true, lazy: signedIn('/my-list'), budgetKb: 140 },
  // The section pages (docs/decisions.md, "Sections").
  { name: 'tv', path: '/tv', signedIn: true, lazy: signedIn('/tv'), budgetKb: 140 },
  { name: 'films', path: '/films', signedIn: true, lazy: signedIn('/films'), budgetKb: 140 },
  { name: 'new', path: '/new', signedIn: true, lazy: signedIn('/new'), budgetKb: 140 },
  { name: 'search', path: '/search?q=nolan', signedIn: true, lazy: signedIn('/search'), budgetKb: 140 },
  // The player page: no top bar, and hls.js is a chunk of its own, imported when playback starts,
  // so neither is counted here.
  {
    name: 'player',
    path: '/watch/movie/{id}',
    signedIn: true,
    lazy: [SIGNED_IN_CHUNKS.routes, ...SIGNED_IN_CHUNKS.screens['/watch/']],
    budgetKb: 140,
  },
];

/**
 * Lazy chunks every page fetches right after its first render (src/main.tsx starts real-user
 * metrics then): shown beside each route, not counted against its budget.
 */
const AFTER_RENDER = [/(^|\/)web-vitals\//];

export const manifestPath = (distDir = 'dist') => join(distDir, '.vite', 'manifest.json');

/** The build manifest, or an Error saying how to get one. */
export function readManifest(distDir = 'dist') {
  const path = manifestPath(distDir);
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: build the client first (npm run build) with build.manifest on.`);
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The app's entry chunk: index.html's script. */
export const APP_ENTRY = 'index.html';

/** The app's entry chunk's manifest key. */
function entryKey(manifest) {
  if (!manifest[APP_ENTRY]?.isEntry) throw new Error(`${APP_ENTRY} is not an entry of the build manifest.`);
  return APP_ENTRY;
}

/** The scripts and stylesheets a built document loads (not what it only prefetches), as dist paths. */
export function documentFiles(html) {
  const tags = html.match(/<script\b[^>]*\bsrc="[^"]+"[^>]*>|<link\b[^>]*\brel="stylesheet"[^>]*>/g) ?? [];
  return tags.map((tag) => /\b(?:src|href)="\/?([^"]+)"/.exec(tag)[1]);
}

/** A route with a document of its own: the document, and the files it loads. */
function documentRoute(distDir, route) {
  const path = join(distDir, route.document);
  if (!existsSync(path)) throw new Error(`${path} is missing: build the client first (npm run build).`);
  const files = [route.document, ...documentFiles(readFileSync(path, 'utf8'))].map((file) => fileSize(distDir, file));
  return { files, later: [] };
}

/** Adds `key` and every chunk it imports statically (depth first) to `into`. */
function addWithStaticImports(manifest, key, into) {
  if (into.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) {
    throw new Error(
      `${key} is not a chunk of the build: update ROUTES in scripts/route-sizes.mjs or server/web/signed-in-chunks.json.`,
    );
  }
  into.add(key);
  for (const imported of chunk.imports ?? []) addWithStaticImports(manifest, imported, into);
}

/** The files (JS, then CSS) of a set of chunks, each listed once. */
function filesOf(manifest, keys) {
  const js = [];
  const css = [];
  for (const key of keys) {
    js.push(manifest[key].file);
    css.push(...(manifest[key].css ?? []));
  }
  return [...new Set(js), ...new Set(css)];
}

const sizeCache = new Map();
/** A built file's size as stored and gzipped (zlib's default level, as Vite's own report uses). */
function fileSize(distDir, file) {
  const path = join(distDir, file);
  if (!sizeCache.has(path)) {
    const bytes = readFileSync(path);
    sizeCache.set(path, { file, bytes: bytes.length, gzip: gzipSync(bytes).length });
  }
  return sizeCache.get(path);
}

const kindOf = (file) => (file.endsWith('.css') ? 'css' : file.endsWith('.html') ? 'html' : 'js');
const sum = (files, kind) => files.filter((f) => kindOf(f.file) === kind).reduce((total, f) => total + f.gzip, 0);

/**
 * Each route's first load: its files, the gzip bytes of their HTML (a route's own document), JS and CSS, the total against its
 * budget, and the gzip bytes of the chunks fetched right after the first render.
 */
export function routeSizes(manifest = readManifest(), distDir = 'dist', routes = ROUTES) {
  for (const route of routes) {
    for (const key of route.lazy) {
      if (manifest[key] && !manifest[key].isDynamicEntry) {
        throw new Error(`${key} is no longer a lazy chunk: it is part of whatever imports it.`);
      }
    }
  }
  return routes.map((route) => {
    const { files, later } = route.document ? documentRoute(distDir, route) : appRoute(manifest, distDir, route);
    const html = sum(files, 'html');
    const js = sum(files, 'js');
    const css = sum(files, 'css');
    return {
      ...route,
      files,
      html,
      js,
      css,
      total: html + js + css,
      budget: route.budgetKb * 1000,
      afterRender: later.reduce((total, f) => total + f.gzip, 0),
    };
  });
}

/** A route of the app: its entry with its static imports and its lazy chunks; and what loads after its first render. */
function appRoute(manifest, distDir, route) {
  const chunks = new Set();
  addWithStaticImports(manifest, entryKey(manifest), chunks);
  // The entry imports the app once the page has painted; every page loads both at once.
  addWithStaticImports(manifest, SIGNED_IN_CHUNKS.app, chunks);
  for (const key of route.lazy) addWithStaticImports(manifest, key, chunks);
  const afterRenderKeys = [...chunks]
    .flatMap((key) => manifest[key].dynamicImports ?? [])
    .filter((key) => AFTER_RENDER.some((pattern) => pattern.test(key)));
  const afterRenderChunks = new Set();
  for (const key of afterRenderKeys) addWithStaticImports(manifest, key, afterRenderChunks);

  const files = filesOf(manifest, chunks).map((file) => fileSize(distDir, file));
  const later = filesOf(
    manifest,
    [...afterRenderChunks].filter((key) => !chunks.has(key)),
  ).map((file) => fileSize(distDir, file));
  return { files, later };
}

/**
 * The chunks server/web/signed-in-chunks.json names that the build no longer has as lazy chunks
 * (a screen renamed or moved): the server would lose their preload hints without a word.
 */
export function staleSignedInChunks(manifest = readManifest(), chunks = SIGNED_IN_CHUNKS) {
  return [chunks.app, chunks.routes, chunks.signedOutRoutes, ...Object.values(chunks.screens).flat()].filter(
    (key) => key !== undefined && !manifest[key]?.isDynamicEntry,
  );
}

/** 101,547 → "101.5 kB". */
export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** A plain-text table of routeSizes(), one row per route. */
export function formatRouteSizes(sizes) {
  const header = ['route', 'path', 'HTML gzip', 'JS gzip', 'CSS gzip', 'first load', 'budget', '', '+ after render'];
  const rows = sizes.map((s) => [
    s.name,
    `${s.path}${s.signedIn ? ' (signed in)' : ''}`,
    // Counted only where the route names its document (the landing document, CSS and all).
    s.document ? kb(s.html) : '-',
    kb(s.js),
    kb(s.css),
    kb(s.total),
    kb(s.budget),
    s.total <= s.budget ? 'ok' : 'OVER',
    kb(s.afterRender),
  ]);
  const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
