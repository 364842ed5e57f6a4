// The Storybook test-runner reads this file by name. It is the only way to point it at
// Debian's chromium instead of a browser Playwright would download (TOOLCHAIN.md).
import { getJestConfig } from '@storybook/test-runner';

import { chromiumLaunchOptions } from './scripts/chromium.mjs';

const defaults = getJestConfig();

export default {
  ...defaults,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...defaults.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: chromiumLaunchOptions,
    },
  },
};
