import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { afterEach, describe, expect, it } from 'vitest';

import {
  documentFiles,
  formatRouteSizes,
  type Manifest,
  type Route,
  routeSizes,
  staleSignedInChunks,
} from '../../scripts/route-sizes.mjs';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

/** A dist folder with one file per entry of `contents` (a distinct, incompressible-ish body each). */
function dist(contents: Record<string, number>) {
  const dir = mkdtempSync(join(tmpdir(), 'route-sizes-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  let seed = 7;
  for (const [file, length] of Object.entries(contents)) {
    const body = Array.from({ length }, () =>
      String.fromCharCode(33 + ((seed = (seed * 48271) % 2147483647) % 90)),
    ).join('');
    writeFileSync(join(dir, file), body);
  }
  return dir;
}
const gz = (dir: string, file: string) => gzipSync(readFileSync(join(dir, file))).length;

// The entry (src/boot.ts) imports the app (src/main.tsx, signed-in-chunks.json's `app`) once the page has painted.
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    css: ['assets/index.css'],
    dynamicImports: ['src/main.tsx'],
  },
  'src/main.tsx': {
    file: 'assets/main.js',
    isDynamicEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/Signed.tsx', 'node_modules/web-vitals/dist/web-vitals.js'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['index.html'] },
  'src/Signed.tsx': {
    file: 'assets/Signed.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared.js'],
    dynamicImports: ['src/Home.tsx', 'src/Other.tsx'],
  },
  'src/Home.tsx': {
    file: 'assets/Home.js',
    isDynamicEntry: true,
    imports: ['src/Signed.tsx', '_shared.js'],
    css: ['assets/Home.css'],
  },
  'src/Other.tsx': { file: 'assets/Other.js', isDynamicEntry: true, imports: ['index.html'] },
  'node_modules/web-vitals/dist/web-vitals.js': { file: 'assets/web-vitals.js', isDynamicEntry: true },
};

const ROUTES: Route[] = [
  { name: 'landing', path: '/', signedIn: false, lazy: [], budgetKb: 1 },
  { name: 'home', path: '/', signedIn: true, lazy: ['src/Signed.tsx', 'src/Home.tsx'], budgetKb: 100 },
];

const FILES = {
  'assets/index.js': 200,
  'assets/main.js': 700,
  'assets/vendor.js': 700,
  'assets/index.css': 300,
  'assets/shared.js': 200,
  'assets/Signed.js': 500,
  'assets/Home.js': 400,
  'assets/Home.css': 100,
  'assets/Other.js': 5000,
  'assets/web-vitals.js': 600,
};

describe('route sizes from the build manifest', () => {
  it('counts the entry, the app it imports, their static imports and the lazy chunks a route renders at once, each file once', () => {
    const dir = dist(FILES);
    const [landing, home] = routeSizes(MANIFEST, dir, ROUTES);

    expect(landing!.files.map((f) => f.file)).toEqual([
      'assets/index.js',
      'assets/main.js',
      'assets/vendor.js',
      'assets/index.css',
    ]);
    expect(landing!.js).toBe(gz(dir, 'assets/index.js') + gz(dir, 'assets/main.js') + gz(dir, 'assets/vendor.js'));
    expect(landing!.css).toBe(gz(dir, 'assets/index.css'));
    expect(landing!.total).toBe(landing!.js + landing!.css);

    // Other.tsx is another route's lazy chunk: never counted here.
    expect(home!.files.map((f) => f.file).sort()).toEqual(
      [
        'assets/Home.css',
        'assets/Home.js',
        'assets/Signed.js',
        'assets/index.css',
        'assets/index.js',
        'assets/main.js',
        'assets/shared.js',
        'assets/vendor.js',
      ].sort(),
    );
    expect(home!.css).toBe(gz(dir, 'assets/index.css') + gz(dir, 'assets/Home.css'));
  });

  it('reports the chunks fetched after the first render beside the route, outside its budget', () => {
    const dir = dist(FILES);
    const [landing] = routeSizes(MANIFEST, dir, ROUTES);
    expect(landing!.afterRender).toBe(gz(dir, 'assets/web-vitals.js'));
    expect(landing!.files.map((f) => f.file)).not.toContain('assets/web-vitals.js');
  });

  it('compares each route with its budget in kB of 1,000 bytes', () => {
    const dir = dist(FILES);
    const sizes = routeSizes(MANIFEST, dir, ROUTES);
    expect(sizes.map((s) => s.budget)).toEqual([1000, 100_000]);
    const table = formatRouteSizes(sizes);
    expect(table.split('\n')[1]).toMatch(/^landing .* OVER /);
    expect(table.split('\n')[2]).toMatch(/^home .* ok /);
  });

  it('fails clearly when a route names a chunk the build does not have, or one that is no longer lazy', () => {
    const dir = dist(FILES);
    expect(() => routeSizes(MANIFEST, dir, [{ ...ROUTES[1]!, lazy: ['src/Gone.tsx'] }])).toThrow(
      'src/Gone.tsx is not a chunk of the build: update ROUTES in scripts/route-sizes.mjs or server/web/signed-in-chunks.json.',
    );
    const merged = { ...MANIFEST, 'src/Home.tsx': { ...MANIFEST['src/Home.tsx']!, isDynamicEntry: false } };
    expect(() => routeSizes(merged, dir, ROUTES)).toThrow('src/Home.tsx is no longer a lazy chunk');
  });
});

describe('a route with a document of its own (the landing document)', () => {
  const LANDING_ROUTE: Route = {
    name: 'landing',
    path: '/',
    signedIn: false,
    document: 'landing.html',
    lazy: [],
    budgetKb: 95,
  };
  const LANDING_HTML =
    '<html><head><style>body{}</style><script type="module" crossorigin src="/assets/landing.js"></script>' +
    '<link rel="stylesheet" href="/assets/landing.css"></head><body><main>Landing</main>' +
    '<template id="app-prefetch"><link rel="prefetch" crossorigin href="/assets/index.js"></template></body></html>';

  it('counts the document itself and what it loads, not what it prefetches', () => {
    const dir = dist({ ...FILES, 'assets/landing.js': 300, 'assets/landing.css': 50 });
    writeFileSync(join(dir, 'landing.html'), LANDING_HTML);
    const [landing] = routeSizes(MANIFEST, dir, [LANDING_ROUTE]);
    expect(landing!.files.map((f) => f.file)).toEqual(['landing.html', 'assets/landing.js', 'assets/landing.css']);
    expect(landing!.html).toBe(gz(dir, 'landing.html'));
    expect(landing!.js).toBe(gz(dir, 'assets/landing.js'));
    expect(landing!.css).toBe(gz(dir, 'assets/landing.css'));
    expect(landing!.total).toBe(landing!.html + landing!.js + landing!.css);
    expect(formatRouteSizes([landing!]).split('\n')[1]).toMatch(/^landing +\/ +\d+\.\d kB/);
  });

  it('reads the scripts and stylesheets a document loads', () => {
    expect(documentFiles(LANDING_HTML)).toEqual(['assets/landing.js', 'assets/landing.css']);
  });

  it('fails clearly when the document is not built', () => {
    const dir = dist(FILES);
    expect(() => routeSizes(MANIFEST, dir, [LANDING_ROUTE])).toThrow(
      /landing\.html is missing: build the client first/,
    );
  });
});

describe('staleSignedInChunks', () => {
  const chunks = {
    routes: 'src/Signed.tsx',
    screens: { '/': ['src/Home.tsx'], '/gone': ['src/Gone.tsx'], '/inlined': ['src/Inlined.tsx'] },
  };
  const manifest: Manifest = {
    'src/Signed.tsx': { file: 'assets/Signed.js', isDynamicEntry: true },
    'src/Home.tsx': { file: 'assets/Home.js', isDynamicEntry: true },
    'src/Inlined.tsx': { file: 'assets/Inlined.js' },
  };

  it('names every chunk the server would preload that is missing, or no longer lazy, in the build', () => {
    expect(staleSignedInChunks(manifest, chunks)).toEqual(['src/Gone.tsx', 'src/Inlined.tsx']);
  });

  it('finds none in a build that has them all', () => {
    expect(staleSignedInChunks(manifest, { routes: 'src/Signed.tsx', screens: { '/': ['src/Home.tsx'] } })).toEqual([]);
  });
});
