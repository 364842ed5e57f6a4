import type { Meta } from '@storybook/react-vite';

import { endScreenMachine } from '../../src/machines/watching/end-screen.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/EndScreen' } satisfies Meta;

export const Chart = chartStory(endScreenMachine);
