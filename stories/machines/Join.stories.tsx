import type { Meta } from '@storybook/react-vite';

import { joinMachine } from '../../src/machines/plans/join.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Join' } satisfies Meta;

export const Chart = chartStory(joinMachine);
