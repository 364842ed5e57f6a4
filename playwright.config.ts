import { defineConfig } from '@playwright/test';

import { chromiumLaunchOptions } from './scripts/chromium.mjs';

// End-to-end tests drive Debian's chromium (Playwright's own download does not work offline)
// against the production build served by the real server; each spec starts its own server
// on a free port with a throw-away data folder (tests/e2e/support/marquee-server.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two: each spec has its own server and data folder, and a spec mostly waits on its browser and server.
  workers: 2,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_OUTPUT ?? '.test-results/e2e.json' }]],
  use: {
    launchOptions: chromiumLaunchOptions,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
