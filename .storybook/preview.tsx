import type { Preview } from '@storybook/react-vite';

import { globalStyles } from '../src/components/stitches.config';

const preview: Preview = {
  decorators: [
    (Story) => {
      globalStyles();
      return <Story />;
    },
  ],
  parameters: {
    layout: 'fullscreen',
    backgrounds: { disable: true },
    controls: { matchers: { color: /(background|color)$/i } },
    // Every story is an accessibility test: addon-a11y runs axe-core on the whole document
    // (portals included) after the story and its play function, and @storybook/test-runner fails
    // the story on any violation. The addon turns off axe's "region" rule (all content inside
    // landmarks) by default; it is back on here, so screens are checked for landmarks too. A story
    // that must skip a rule turns it off in its own parameters, with the reason beside it
    // (a story's `config.rules` replaces this list).
    a11y: { test: 'error', config: { rules: [{ id: 'region', enabled: true }] } },
  },
};

export default preview;
