import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Server tests that mock a module, which must not leak into the files that share a worker. */
const SERVER_ISOLATED = ['tests/server/passwords.test.ts'];

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
          // One jsdom per worker, not per file: 69 s became 9 s, with the setup file still run per file.
          isolate: false,
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: SERVER_ISOLATED,
          environment: 'node',
          // The server's modules imported once per worker, not once per file (about a third faster).
          isolate: false,
          // A test may build the app twice and hash passwords with argon2id; on a busy 2-core
          // machine that can pass 5 s without anything being wrong.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // Files that replace a module with `vi.mock` get modules of their own.
          name: 'server-isolated',
          include: SERVER_ISOLATED,
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // One contract suite per port (tests/contract/<port>.contract.ts), run against the local
          // adapters over the real embedded server and the hosted ones over the Firebase emulators.
          // Node, not jsdom: the firebase SDK's Node build speaks gRPC to the Firestore emulator.
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/contract/support/global-setup.ts'],
          // The SDK retries on its own, so a hang shows as a timeout: keep them short.
          testTimeout: 10_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
