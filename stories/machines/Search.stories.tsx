import type { Meta } from '@storybook/react-vite';

import { searchMachine } from '../../src/machines/browse/search.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Search' } satisfies Meta;

export const Chart = chartStory(searchMachine);
