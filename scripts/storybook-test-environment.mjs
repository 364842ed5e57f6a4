// The stories' Jest environment: the test-runner's own (its playwright/custom-environment.js),
// except that each Jest worker launches one Chromium and keeps one browser context for every
// story file it runs, each file in a new page. The runner's default connects to a shared browser
// server and makes a context per file, so every file loaded Storybook's preview (about 1.2 MB of
// script) into an empty cache: about 2.7 s of each file's time went before its first story.
// What a context keeps across files is cleared between them: localStorage as a file ends, cookies
// as the next begins (sessionStorage is per page).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { setupPage } from '@storybook/test-runner';
import { chromium } from 'playwright-core';

import { testChromiumLaunchOptions } from './chromium.mjs';

const runnerDir = dirname(createRequire(import.meta.url).resolve('@storybook/test-runner/package.json'));
const { default: PlaywrightEnvironment } = await import(
  pathToFileURL(join(runnerDir, 'dist/jest-playwright-entries/test-environment.js')).href
);

/** This worker's browser and context, made by its first story file (module state lives per worker). */
let shared;
let closing;

async function sharedContext() {
  clearTimeout(closing);
  shared ??= chromium.launch(testChromiumLaunchOptions).then(async (browser) => ({
    browser,
    context: await browser.newContext(),
  }));
  return (await shared).context;
}

/**
 * A Jest worker (a child process, with an IPC channel) is ended with process.exit, and Playwright
 * kills the browsers it launched as its process exits. Run in band (one file, or --maxWorkers=1),
 * the browser would hold Jest open after the last file: close it unless another file starts soon.
 */
function closeUnlessReused() {
  if (typeof process.send === 'function') return;
  clearTimeout(closing);
  closing = setTimeout(() => {
    const closed = shared;
    shared = undefined;
    void closed?.then(({ browser }) => browser.close());
  }, 250);
}

export default class SharedContextEnvironment extends PlaywrightEnvironment {
  async setup() {
    // skipInitialization (test-runner-jest.config.js): the parent sets up its helpers, no browser.
    await super.setup();
    const context = await sharedContext();
    await context.clearCookies();
    this.global.context = context;
    this.global.page = await context.newPage();
    // What the runner's jest-setup.js would give the tests (test-runner-jest.config.js leaves it out):
    // setupPage for a story's retry after a navigation, and no coverage.
    this.global.__sbSetupPage = setupPage;
    this.global.__sbCollectCoverage = false;
    await setupPage(this.global.page, context);
  }

  async teardown() {
    const { page } = this.global;
    await page?.evaluate(() => window.localStorage.clear()).catch(() => {});
    await page?.close();
    // The parent closes `browser`, which this environment does not own per file.
    this.global.page = undefined;
    this.global.context = undefined;
    this.global.browser = undefined;
    await super.teardown();
    closeUnlessReused();
  }
}
