import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Server test files that replace a module (vi.mock), and so need modules of their own. */
const ISOLATED = 'tests/server/**/*.isolated.test.ts';

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
          // One jsdom per worker, shared by its files, not one per file: far less start-up for
          // each file. What ate keys in a shuffled order was two copies of user-event (the tests'
          // and the one storybook/test bundles for the stories played here) both wrapping the
          // document's fields; the tests now use storybook's copy (tests/unit/support/user-event.ts,
          // held by lint), and setup.ts puts back between files what a fresh jsdom would give.
          isolate: false,
          setupFiles: ['tests/unit/setup.ts'],
          // A test that clicks and types through a form takes 1–3 s of jsdom here; while the other
          // test stages share the 2 cores it has passed 5 s without anything being wrong.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: [ISOLATED],
          environment: 'node',
          // The files of a worker share its modules, as the client's do: each file importing the
          // whole server afresh cost about 70 s of a whole run. A file that replaces a module
          // (vi.mock) is named *.isolated.test.ts and runs in the project below.
          isolate: false,
          // A worker's heap then holds every app its files built until the collector runs: about
          // 2.4 GB at its peak in a whole run, against V8's default limit of about 4 GB here.
          execArgv: ['--max-old-space-size=8192'],
          // A test may build the app twice and hash passwords with argon2id; on a busy 2-core
          // machine that can pass 5 s without anything being wrong.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-isolated',
          include: [ISOLATED],
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
