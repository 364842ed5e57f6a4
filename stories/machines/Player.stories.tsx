import type { Meta } from '@storybook/react-vite';

import { playerMachine } from '../../src/machines/watching/player.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Player' } satisfies Meta;

export const Chart = chartStory(playerMachine);
