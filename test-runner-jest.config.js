// The Storybook test-runner reads this file by name. Its environment
// (scripts/storybook-test-environment.mjs) launches Debian's chromium rather than a browser
// Playwright would download (TOOLCHAIN.md), one per Jest worker with one context for all its files.
import { getJestConfig } from '@storybook/test-runner';

const defaults = getJestConfig();

export default {
  ...defaults,
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
