import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the embedded server listens on API_PORT and Vite proxies to it.
const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
});
