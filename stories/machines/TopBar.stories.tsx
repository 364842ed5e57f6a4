import type { Meta } from '@storybook/react-vite';

import { topBarMachine } from '../../src/machines/browse/top-bar.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/TopBar' } satisfies Meta;

export const Chart = chartStory(topBarMachine);
