import { defineConfig } from '@playwright/test';

import { testChromiumLaunchOptions } from './scripts/chromium.mjs';

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
    // One browser for every spec: a spec of its own launch options would need a Playwright worker
    // of its own, and each change of worker started a new browser and a new shared server. Media
    // starts without a gesture, as it does after the viewer pressed Play.
    launchOptions: {
      ...testChromiumLaunchOptions,
      args: [...testChromiumLaunchOptions.args, '--autoplay-policy=no-user-gesture-required'],
    },
    screenshot: 'only-on-failure',
    // Off unless asked for (E2E_TRACE=retain-on-failure): recording every test's trace cost about a
    // sixth of the stage's time, kept or not (docs/testing.md).
    trace:
      process.env.E2E_TRACE === 'retain-on-failure' || process.env.E2E_TRACE === 'on' ? process.env.E2E_TRACE : 'off',
  },
});
