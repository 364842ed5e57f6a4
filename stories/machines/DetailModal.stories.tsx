import type { Meta } from '@storybook/react-vite';

import { detailModalMachine } from '../../src/machines/browse/detail-modal.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/DetailModal' } satisfies Meta;

export const Chart = chartStory(detailModalMachine);
