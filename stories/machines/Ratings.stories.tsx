import type { Meta } from '@storybook/react-vite';

import { ratingsMachine } from '../../src/machines/watching/ratings.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Ratings' } satisfies Meta;

export const Chart = chartStory(ratingsMachine);
