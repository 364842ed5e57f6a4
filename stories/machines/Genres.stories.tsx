import type { Meta } from '@storybook/react-vite';

import { genresMachine } from '../../src/machines/browse/genres.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Genres' } satisfies Meta;

export const Chart = chartStory(genresMachine);
