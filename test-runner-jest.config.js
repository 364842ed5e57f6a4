// The Storybook test-runner reads this file by name. Its environment
// (scripts/storybook-test-environment.mjs) launches Debian's chromium rather than a browser
// Playwright would download (TOOLCHAIN.md), one per Jest worker with one context for all its files.
import { existsSync } from 'node:fs';

import { getJestConfig } from '@storybook/test-runner';

const defaults = getJestConfig();

// The runner's jest-setup.js only reads .storybook/test-runner.{ts,js} (hooks this project does not
// have) and hands the tests setupPage, which the environment hands them instead. Loaded in every
// file's sandbox, it brought the runner's whole bundle and Storybook's internals with it.
const HOOKS = ['.storybook/test-runner.ts', '.storybook/test-runner.js'].filter((file) => existsSync(file));
if (HOOKS.length) {
  throw new Error(`${HOOKS[0]} would be ignored: restore the runner's jest-setup.js in test-runner-jest.config.js`);
}

export default {
  ...defaults,
  setupFilesAfterEnv: defaults.setupFilesAfterEnv.filter((file) => !file.endsWith('/playwright/jest-setup.js')),
  testEnvironment: './scripts/storybook-test-environment.mjs',
  testEnvironmentOptions: {
    'jest-playwright': {
      ...defaults.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      // No browser server from the runner: the environment launches its own.
      skipInitialization: true,
    },
  },
};
