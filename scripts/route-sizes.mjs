// What each route downloads before it can show itself — its JavaScript and CSS, gzipped — worked
// out from Vite's build manifest (dist/.vite/manifest.json, `build.manifest` in vite.config.ts).
// One module for `npm run bench:web` (bench/web.ts) and the budget check in `npm test`
// (scripts/check-budgets.mjs), so both count the same bytes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import SIGNED_IN_CHUNKS from '../server/web/signed-in-chunks.json' with { type: 'json' };

// The chunks a signed-in address renders at once: one list for the server's preload hints and these budgets.
const signedIn = (path) => [SIGNED_IN_CHUNKS.routes, SIGNED_IN_CHUNKS.screens[path]];

/**
 * The routes measured. A route loads the entry (index.html's script) with everything it imports
 * statically, then the lazy chunks it renders at once (`lazy`: manifest keys, each with its own
 * static imports). Budgets are in kB (1,000 bytes) of gzip, JS and CSS together: issue 17's
 * targets, every signed-in route 140 kB, except the player's (below). The top bar's menus, the
 * detail view and the player's choice menus load when wanted (docs/decisions.md, "Lazy menus and
 * the signed-in chunks").
 */
export const ROUTES = [
  { name: 'landing', path: '/', signedIn: false, lazy: [], budgetKb: 120 },
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
  // The player page: hls.js is a chunk of its own, imported when playback starts, so not counted here.
  // Over issue 17's 140 kB: the signed-in routes load the top bar (search box, sections, profile
  // menu, ~5 kB), which this page does not show; moving it into a chunk of its own is the next step.
  {
    name: 'player',
    path: '/watch/movie/{id}',
    signedIn: true,
    lazy: [SIGNED_IN_CHUNKS.routes, 'src/screens/watching/PlayerScreen.tsx'],
    budgetKb: 143,
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

/** The entry chunk's manifest key (index.html). */
function entryKey(manifest) {
  const keys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (keys.length !== 1) throw new Error(`Expected one entry in the build manifest, found ${keys.length}.`);
  return keys[0];
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

const sum = (files, kind) =>
  files
    .filter((f) => (kind === 'css' ? f.file.endsWith('.css') : !f.file.endsWith('.css')))
    .reduce((total, f) => total + f.gzip, 0);

/**
 * Each route's first load: its files, the gzip bytes of their JS and CSS, the total against its
 * budget, and the gzip bytes of the chunks fetched right after the first render.
 */
export function routeSizes(manifest = readManifest(), distDir = 'dist', routes = ROUTES) {
  const entry = entryKey(manifest);
  for (const route of routes) {
    for (const key of route.lazy) {
      if (manifest[key] && !manifest[key].isDynamicEntry) {
        throw new Error(`${key} is no longer a lazy chunk: it is part of whatever imports it.`);
      }
    }
  }
  const afterRenderKeys = (manifest[entry].dynamicImports ?? []).filter((key) =>
    AFTER_RENDER.some((pattern) => pattern.test(key)),
  );
  const afterRenderChunks = new Set();
  for (const key of afterRenderKeys) addWithStaticImports(manifest, key, afterRenderChunks);

  return routes.map((route) => {
    const chunks = new Set();
    addWithStaticImports(manifest, entry, chunks);
    for (const key of route.lazy) addWithStaticImports(manifest, key, chunks);
    const files = filesOf(manifest, chunks).map((file) => fileSize(distDir, file));
    const later = filesOf(
      manifest,
      [...afterRenderChunks].filter((key) => !chunks.has(key)),
    ).map((file) => fileSize(distDir, file));
    const js = sum(files, 'js');
    const css = sum(files, 'css');
    return {
      ...route,
      files,
      js,
      css,
      total: js + css,
      budget: route.budgetKb * 1000,
      afterRender: later.reduce((total, f) => total + f.gzip, 0),
    };
  });
}

/**
 * The chunks server/web/signed-in-chunks.json names that the build no longer has as lazy chunks
 * (a screen renamed or moved): the server would lose their preload hints without a word.
 */
export function staleSignedInChunks(manifest = readManifest(), chunks = SIGNED_IN_CHUNKS) {
  return [chunks.routes, ...Object.values(chunks.screens)].filter((key) => !manifest[key]?.isDynamicEntry);
}

/** 101,547 → "101.5 kB". */
export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** A plain-text table of routeSizes(), one row per route. */
export function formatRouteSizes(sizes) {
  const header = ['route', 'path', 'JS gzip', 'CSS gzip', 'first load', 'budget', '', '+ after render'];
  const rows = sizes.map((s) => [
    s.name,
    `${s.path}${s.signedIn ? ' (signed in)' : ''}`,
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
