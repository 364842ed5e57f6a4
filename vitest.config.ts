import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // argon2 hashing and jsdom are CPU-bound; two workers match this machine's cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // A test may build the app twice and hash passwords with argon2id; on a busy 2-core
          // machine that can pass 5 s without anything being wrong.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
