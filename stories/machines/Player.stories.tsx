import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { playerMachine } from '../../src/machines/watching/player.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Player' } satisfies Meta;

export const Chart = chartStory(playerMachine);

/**
 * The audio menu's part of the chart: no state of its own, transitions of the attached media
 * (the engine's tracks and switch, the viewer's choice), each with its guard.
 */
export const AudioChoice: StoryObj = {
  ...Chart,
  play: async (context) => {
    await Chart.play?.(context);
    const text = context.canvasElement.textContent ?? '';
    for (const label of [
      'playback.audioTracks [prefersOtherAudio] (stays)',
      'playback.audioSwitched (stays)',
      'player.audio [isOfferedAudio] (stays)',
    ])
      await expect(text).toContain(label);
  },
};
