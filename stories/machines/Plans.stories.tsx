import type { Meta } from '@storybook/react-vite';

import { plansMachine } from '../../src/machines/plans/plans.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Plans' } satisfies Meta;

export const Chart = chartStory(plansMachine);
