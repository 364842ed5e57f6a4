import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { precompress } from './scripts/vite-precompress';
import { preloadApp } from './scripts/vite-preload-app';
import { prerenderShells } from './scripts/vite-prerender-shells';
import { signedInChunk } from './scripts/vite-signed-in-chunk';

// In development the embedded server listens on API_PORT and Vite proxies everything it
// serves besides the app: the API, the catalogue, its images, the video host and the checkout.
const apiPort = process.env.API_PORT ?? '3001';
const server = `http://127.0.0.1:${apiPort}`;

const signedIn = signedInChunk();

export default defineConfig({
  plugins: [react(), preloadApp(), prerenderShells(), precompress(), signedIn.plugin],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': server,
      '/tmdb': server,
      '/images/t': server,
      '/media': server,
      '/embed': server,
      '/checkout': server,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy route loads (scripts/route-sizes.mjs).
    manifest: true,
    modulePreload: {
      // Every browser the build targets (Vite's baseline-widely-available) preloads modules itself.
      polyfill: false,
      // The app's chunks are preloaded by index.html itself (scripts/vite-preload-app.ts), so the
      // entry's import of the app (src/boot.ts) needs no list of them.
      resolveDependencies: (file, deps) => (/(^|\/)main-[^/]+\.js$/.test(file) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // Chunks every page shares, grouped by hand. Left to itself the bundler regroups them as
        // soon as a lazy chunk needs only some of them (the landing's sections need React, Stitches
        // and a few Radix parts, but neither XState nor the popper), which cost every page ~2 kB of gzip.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@stitches|xstate|@xstate|use-sync-external-store)[\\/]|src[\\/]components[\\/]stitches\.config|rolldown[\\/]runtime/,
            },
            // Radix in two: its common parts, and what only its overlays need (menus, dialog, select). Neither is
            // in a first load now that the player's sliders are native; the rest goes where it is used.
            {
              name: 'radix',
              test: /node_modules[\\/]@radix-ui[\\/](number|primitive|react-(collection|compose-refs|context|direction|primitive|slot|use-controllable-state|use-layout-effect|use-size))[\\/]/,
            },
            {
              name: 'radix-overlay',
              test: /node_modules[\\/](@floating-ui[\\/]|@radix-ui[\\/]react-(dismissable-layer|focus-guards|focus-scope|popper)[\\/]|aria-hidden|get-nonce|react-remove-scroll|react-style-singleton|tslib|use-callback-ref|use-sidecar)/,
            },
            // The browse pages' shared parts (cards, their art's fallback, the hero's box, the round
            // buttons): left to itself the bundler made a file of each set of importers, one of them of
            // about 70 bytes of code, each a request that gzips worse than the whole.
            {
              name: 'browse-parts',
              test: /src[\\/]components[\\/](browse[\\/](TitleCard|use-broken-image|hero-box)|watching[\\/]RoundAction)\./,
            },
            // What the app imports statically (every page loads it), in one chunk: left to itself the
            // bundler cut it into a dozen small files, each a request of its own.
            { name: 'app', test: signedIn.appTest, includeDependenciesRecursively: false },
            // What the signed-in routes import statically, in one chunk, and what the top bar adds, in
            // another (scripts/vite-signed-in-chunk.ts).
            { name: 'signed-in', test: signedIn.test, includeDependenciesRecursively: false },
            { name: 'top-bar', test: signedIn.topBarTest, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
