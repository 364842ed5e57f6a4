import type { Meta } from '@storybook/react-vite';

import { credentialsMachine } from '../../src/machines/account/credentials.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Credentials' } satisfies Meta;

export const Chart = chartStory(credentialsMachine);
