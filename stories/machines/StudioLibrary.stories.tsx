import type { Meta } from '@storybook/react-vite';

import { studioLibraryMachine } from '../../src/machines/studio/studio-library.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/StudioLibrary' } satisfies Meta;

export const Chart = chartStory(studioLibraryMachine);
