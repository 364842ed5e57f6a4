import type { Meta } from '@storybook/react-vite';

import { rowMachine } from '../../src/machines/browse/row.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Row' } satisfies Meta;

export const Chart = chartStory(rowMachine);
