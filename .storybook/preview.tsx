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
  },
};

export default preview;
