import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { playerMachine } from '../../src/machines/watching/player.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/Player' } satisfies Meta;

export const Chart = chartStory(playerMachine);

/**
 * The settings (sound, quality, subtitles, audio, speed) are a child of its own
 * (Machines/PlayerSettings): the player invokes it and hands it the engine's reports and the
 * viewer's choices, and passes on the commands it asks for.
 */
export const Settings: StoryObj = {
  ...Chart,
  play: async (context) => {
    await Chart.play?.(context);
    const text = context.canvasElement.textContent ?? '';
    for (const label of [
      'invokes settings',
      'settings.command (stays)',
      'player.volume (stays)',
      'playback.audioTracks (stays)',
      'player.audio (stays)',
    ])
      await expect(text).toContain(label);
    // The guards are the child's now.
    await expect(text).not.toContain('[isOfferedAudio]');
  },
};
