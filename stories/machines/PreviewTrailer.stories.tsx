import type { Meta } from '@storybook/react-vite';

import { previewTrailerMachine } from '../../src/machines/browse/preview-trailer.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/PreviewTrailer' } satisfies Meta;

export const Chart = chartStory(previewTrailerMachine);
