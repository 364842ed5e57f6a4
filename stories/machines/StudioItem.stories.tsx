import type { Meta } from '@storybook/react-vite';

import { studioItemMachine } from '../../src/machines/studio/studio-item.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/StudioItem' } satisfies Meta;

export const Chart = chartStory(studioItemMachine);
