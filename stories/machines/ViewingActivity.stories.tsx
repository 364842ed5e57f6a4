import type { Meta } from '@storybook/react-vite';

import { viewingActivityMachine } from '../../src/machines/watching/viewing-activity.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/ViewingActivity' } satisfies Meta;

export const Chart = chartStory(viewingActivityMachine);
