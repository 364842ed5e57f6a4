import type { Meta } from '@storybook/react-vite';

import { titleDetailsMachine } from '../../src/machines/browse/title-details.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/TitleDetails' } satisfies Meta;

export const Chart = chartStory(titleDetailsMachine);
