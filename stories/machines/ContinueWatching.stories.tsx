import type { Meta } from '@storybook/react-vite';

import { continueWatchingMachine } from '../../src/machines/watching/continue-watching.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/ContinueWatching' } satisfies Meta;

export const Chart = chartStory(continueWatchingMachine);
