import type { Meta } from '@storybook/react-vite';

import { devicesMachine } from '../../src/machines/account/devices.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Devices' } satisfies Meta;

export const Chart = chartStory(devicesMachine);
