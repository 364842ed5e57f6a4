import type { Meta } from '@storybook/react-vite';

import { sessionMachine } from '../../src/machines/session.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Session' } satisfies Meta;

export const Chart = chartStory(sessionMachine);
