import type { Meta } from '@storybook/react-vite';

import { becauseYouWatchedMachine } from '../../src/machines/browse/because-you-watched.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/BecauseYouWatched' } satisfies Meta;

export const Chart = chartStory(becauseYouWatchedMachine);
