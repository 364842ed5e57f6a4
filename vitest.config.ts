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
          // A jsdom per file. Sharing one per worker took 69 s to 9 s, but in a shuffled order the
          // keyboard tests (PinPrompt, the chart drawer's Escape) failed 5 times in 12: something
          // a file leaves behind in the shared document eats their keys. Until that is found, each
          // file gets its own.
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Isolated (a process per file), unlike the client's: sharing one across the server's
          // files ran a worker out of heap near the end of a whole run.
          // A test may build the app twice and hash passwords with argon2id; on a busy 2-core
          // machine that can pass 5 s without anything being wrong.
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
