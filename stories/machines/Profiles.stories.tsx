import type { Meta } from '@storybook/react-vite';

import { profilesMachine } from '../../src/machines/profiles/profiles.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Profiles' } satisfies Meta;

export const Chart = chartStory(profilesMachine);
