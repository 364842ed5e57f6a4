import type { Meta } from '@storybook/react-vite';

import { previewCardMachine } from '../../src/machines/browse/preview-card.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/PreviewCard' } satisfies Meta;

export const Chart = chartStory(previewCardMachine);
