import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  // addon-a11y runs axe-core after every story (and its play function); the test-runner fails a
  // story on any violation because preview.tsx sets `a11y.test: 'error'`.
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public'],
  // Offline machine: no telemetry, no update checks.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
