import type { Meta } from '@storybook/react-vite';

import { heroMachine } from '../../src/machines/browse/hero.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Hero' } satisfies Meta;

export const Chart = chartStory(heroMachine);
