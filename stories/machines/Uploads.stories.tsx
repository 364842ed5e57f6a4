import type { Meta } from '@storybook/react-vite';

import { uploadsMachine } from '../../src/machines/studio/uploads.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Uploads' } satisfies Meta;

export const Chart = chartStory(uploadsMachine);
