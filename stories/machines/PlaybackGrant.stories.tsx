import type { Meta } from '@storybook/react-vite';

import { playbackGrantMachine } from '../../src/machines/watching/playback-grant.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/PlaybackGrant' } satisfies Meta;

export const Chart = chartStory(playbackGrantMachine);
