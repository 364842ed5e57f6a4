import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { precompress } from './scripts/vite-precompress';
import { prerenderShells } from './scripts/vite-prerender-shells';

// In development the embedded server listens on API_PORT and Vite proxies everything it
// serves besides the app: the API, the catalogue, its images, the video host and the checkout.
const apiPort = process.env.API_PORT ?? '3001';
const server = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  plugins: [react(), prerenderShells(), precompress()],
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
  },
});
