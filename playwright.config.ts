import { defineConfig } from '@playwright/test';

import { chromiumLaunchOptions } from './scripts/chromium.mjs';

// End-to-end tests drive Debian's chromium (Playwright's own download does not work offline)
// against the production build served by the real server: one per Playwright worker, shared by
// its specs (tests/e2e/support/shared-server.ts), or a spec's own where it restarts or crashes
// it or needs its own settings (tests/e2e/support/marquee-server.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two, one per core: at three, pointer and timing tests failed under the load (docs/testing.md).
  // E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_OUTPUT ?? '.test-results/e2e.json' }]],
  use: {
    launchOptions: chromiumLaunchOptions,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
