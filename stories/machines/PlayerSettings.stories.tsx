import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { playerSettingsMachine } from '../../src/machines/watching/player-settings.machine';
import { chartStory } from './chart-story';

export default { title: 'Machines/PlayerSettings' } satisfies Meta;

export const Chart = chartStory(playerSettingsMachine);

/**
 * The audio menu's part of the chart: no state of its own, transitions on the engine's tracks
 * and switch and on the viewer's choice, each with its guard.
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

/** The other choices are taken only where offered: a speed of the menu's, subtitles where the programme has them. */
export const OfferedChoices: StoryObj = {
  ...Chart,
  play: async (context) => {
    await Chart.play?.(context);
    const text = context.canvasElement.textContent ?? '';
    for (const label of [
      'player.speed [isOfferedSpeed] (stays)',
      'player.toggleSubtitles [hasSubtitles] (stays)',
      'player.volume (stays)',
    ])
      await expect(text).toContain(label);
  },
};
