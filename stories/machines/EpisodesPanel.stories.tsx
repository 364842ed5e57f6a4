import type { Meta } from '@storybook/react-vite';

import { episodesPanelMachine } from '../../src/machines/watching/episodes-panel.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/EpisodesPanel' } satisfies Meta;

export const Chart = chartStory(episodesPanelMachine);
