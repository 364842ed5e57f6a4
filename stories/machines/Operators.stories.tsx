import type { Meta } from '@storybook/react-vite';

import { operatorsMachine } from '../../src/machines/studio/operators.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Operators' } satisfies Meta;

export const Chart = chartStory(operatorsMachine);
