import type { Meta } from '@storybook/react-vite';

import { myListMachine } from '../../src/machines/watching/my-list.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/MyList' } satisfies Meta;

export const Chart = chartStory(myListMachine);
