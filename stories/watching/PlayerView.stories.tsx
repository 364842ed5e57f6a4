import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentProps } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { preloadChoiceMenu } from '../../src/components/watching/ChoiceMenu';
import { PlayerTimeline, type PlayerTimelineProps } from '../../src/components/watching/PlayerTimeline';
import { PlayerView } from '../../src/components/watching/PlayerView';

/** The view's props and its timeline part's: the stories set both as args. */
type PlayerStoryArgs = ComponentProps<typeof PlayerView> & PlayerTimelineProps;

const meta = {
  title: 'Watching/PlayerView',
  component: PlayerView,
  subcomponents: { PlayerTimeline },
  render: ({ time, duration, buffered, thumbnails, seekSteps, onSeek, ...view }) => (
    <PlayerView
      {...view}
      timeline={
        <PlayerTimeline
          time={time}
          duration={duration}
          buffered={buffered}
          thumbnails={thumbnails}
          seekSteps={seekSteps}
          onSeek={onSeek}
        />
      }
    />
  ),
  // The menu's Radix half is a chunk of its own (docs/decisions.md, "Lazy menus and the signed-in
  // chunks"): loaded before the story renders, so the play functions drive the menu as a viewer
  // finds it once the page has settled.
  loaders: [async () => ({ menu: await preloadChoiceMenu() })],
  args: {
    state: 'playing',
    title: 'Glass Harbour',
    controlsVisible: true,
    time: 83,
    duration: 154,
    buffered: [{ start: 0, end: 104 }],
    volume: 0.8,
    muted: false,
    fullscreen: false,
    qualities: [
      { value: '2', label: '720p' },
      { value: '1', label: '540p' },
      { value: '0', label: '360p' },
    ],
    quality: 'auto',
    autoQualityLabel: '720p',
    subtitles: [{ value: '0', label: 'English' }],
    subtitle: 'off',
    hasNextEpisode: false,
    skip: null,
    onSkip: fn(),
    endScreen: null,
    error: null,
    announcement: '',
    onBack: fn(),
    onTogglePlay: fn(),
    onSeek: fn(),
    onVolumeChange: fn(),
    onToggleMute: fn(),
    onToggleFullscreen: fn(),
    onQualityChange: fn(),
    onSubtitleChange: fn(),
    onQualityMenuOpenChange: fn(),
    onSubtitlesMenuOpenChange: fn(),
    speeds: [0.5, 0.75, 1, 1.25, 1.5],
    speed: 1,
    onSpeedChange: fn(),
    onSpeedMenuOpenChange: fn(),
    onNextEpisode: fn(),
    onRetry: fn(),
    onActivity: fn(),
  },
} satisfies Meta<PlayerStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

// The menus render in place, but query from the body like every Radix story.
const screen = () => within(document.body);

/** The first frame is on its way: a spinner, and the title once known. */
export const Loading: Story = {
  args: { state: 'loading', time: 0, duration: 0, buffered: [], qualities: [], subtitles: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-state="loading"]')).not.toBeNull();
    await expect(screen().getByRole('img', { name: 'Loading' })).toBeVisible();
    // No duration yet: the seek bar waits.
    await expect(screen().getByRole('slider', { name: 'Seek' })).toHaveAttribute('data-disabled');
  },
};

/** Playing: Pause, the time, the seek bar with its buffered range; each control reports. */
export const Playing: Story = {
  play: async ({ args, step }) => {
    await step('the controls say where the programme is', async () => {
      await expect(screen().getByRole('heading', { level: 1, name: 'Glass Harbour' })).toBeVisible();
      await expect(screen().getByText('1:23 / 2:34')).toBeVisible();
      const seek = screen().getByRole('slider', { name: 'Seek' });
      await expect(seek).toHaveAttribute('aria-valuetext', '1 minute 23 seconds of 2 minutes 34 seconds');
      await expect(screen().getAllByTestId('buffered-range')).toHaveLength(1);
    });
    await step('Pause, mute, full screen and Back report', async () => {
      await userEvent.click(screen().getByRole('button', { name: 'Pause' }));
      await expect(args.onTogglePlay).toHaveBeenCalledTimes(1);
      await userEvent.click(screen().getByRole('button', { name: 'Mute' }));
      await expect(args.onToggleMute).toHaveBeenCalledTimes(1);
      await userEvent.click(screen().getByRole('button', { name: 'Full screen' }));
      await expect(args.onToggleFullscreen).toHaveBeenCalledTimes(1);
      await userEvent.click(screen().getByRole('button', { name: 'Back' }));
      await expect(args.onBack).toHaveBeenCalledTimes(1);
    });
    await step('the seek bar moves 10 s per arrow key and seeks there', async () => {
      screen().getByRole('slider', { name: 'Seek' }).focus();
      await userEvent.keyboard('{ArrowRight}');
      await expect(args.onSeek).toHaveBeenLastCalledWith(93);
    });
    await step('the volume slider moves 5 % per arrow key', async () => {
      screen().getByRole('slider', { name: 'Volume' }).focus();
      await userEvent.keyboard('{ArrowDown}');
      await expect(args.onVolumeChange).toHaveBeenLastCalledWith(0.75);
    });
  },
};

/** Hovering the seek bar previews the time under the pointer. */
export const SeekPreview: Story = {
  play: async ({ canvasElement }) => {
    const slider = canvasElement.querySelector<HTMLElement>('[data-orientation="horizontal"]')!;
    const box = slider.getBoundingClientRect();
    await userEvent.pointer({ target: slider, coords: { clientX: box.left + box.width / 2, clientY: box.top + 4 } });
    await waitFor(() => expect(within(slider).getByText('1:17')).toBeInTheDocument());
  },
};

/** An episode: its line under the title, and Next Episode. */
export const Episode: Story = {
  args: { title: 'Night Shift', episodeLine: 'S2:E3 Episode 3', hasNextEpisode: true },
  play: async ({ args }) => {
    await expect(screen().getByRole('heading', { level: 1 })).toHaveTextContent('Night ShiftS2:E3 Episode 3');
    await userEvent.click(screen().getByRole('button', { name: 'Next Episode' }));
    await expect(args.onNextEpisode).toHaveBeenCalledTimes(1);
  },
};

/** A series: the Episodes button opens the episodes panel (a child the player page gives). */
export const EpisodesButton: Story = {
  args: { title: 'Night Shift', episodeLine: 'S2:E3 Episode 3', onOpenEpisodes: fn() },
  play: async ({ args }) => {
    const button = screen().getByRole('button', { name: 'Episodes' });
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);
    await expect(args.onOpenEpisodes).toHaveBeenCalledTimes(1);
  },
};

/** The profile's subtitle appearance: the root picks its ::cue rules (large yellow text on black). */
export const SubtitleAppearance: Story = {
  args: { subtitle: '0', subtitleStyle: { size: 'large', color: 'yellow', background: 'black' } },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('[data-subtitle-size]');
    await expect(root).toHaveAttribute('data-subtitle-size', 'large');
    await expect(root).toHaveAttribute('data-subtitle-color', 'yellow');
    await expect(root).toHaveAttribute('data-subtitle-background', 'black');
  },
};

export const Paused: Story = {
  args: { state: 'paused', announcement: 'Paused' },
  play: async ({ args, canvasElement }) => {
    await expect(canvasElement.querySelector('[data-state="paused"]')).not.toBeNull();
    await expect(screen().getByRole('status')).toHaveTextContent('Paused');
    await userEvent.click(screen().getByRole('button', { name: 'Play' }));
    await expect(args.onTogglePlay).toHaveBeenCalledTimes(1);
  },
};

export const Buffering: Story = {
  args: { state: 'buffering', buffered: [{ start: 0, end: 83 }] },
  play: async () => {
    await expect(screen().getByRole('img', { name: 'Buffering' })).toBeVisible();
    // Still playing as far as the viewer is concerned: Pause is offered.
    await expect(screen().getByRole('button', { name: 'Pause' })).toBeVisible();
  },
};

export const Seeking: Story = {
  args: { state: 'seeking', time: 120, buffered: [{ start: 0, end: 60 }] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-state="seeking"]')).not.toBeNull();
    await expect(screen().getByRole('img', { name: 'Buffering' })).toBeVisible();
    await expect(screen().getByText('2:00 / 2:34')).toBeVisible();
  },
};

const endScreenSpies = () => ({
  onPlayNext: fn(),
  onCancelCountdown: fn(),
  onWatchCredits: fn(),
  onChoose: fn(),
});

/** An episode's credits: the end screen with the next episode large, counting down (autoplay on). */
export const EndScreenNextEpisode: Story = {
  args: {
    state: 'playing',
    title: 'Night Shift',
    episodeLine: 'S2:E3 Episode 3',
    hasNextEpisode: true,
    time: 148,
    endScreen: { next: { label: 'S2:E4 Episode 4', image: null }, countdown: 7, ...endScreenSpies() },
  },
  play: async ({ args, step }) => {
    const end = await screen().findByRole('region', { name: 'Next episode' });
    const play = within(end).getByRole('button', { name: 'Play next episode' });
    await step('it takes focus, and says what comes and when', async () => {
      await waitFor(() => expect(play).toHaveFocus());
      await expect(end).toHaveTextContent('S2:E4 Episode 4');
      await expect(within(end).getByRole('timer')).toHaveTextContent('Starts in 7 s');
    });
    await step('each action reports', async () => {
      // Enter on the focused first action plays the next episode.
      await userEvent.keyboard('{Enter}');
      await expect(args.endScreen!.onPlayNext).toHaveBeenCalled();
      await userEvent.click(within(end).getByRole('button', { name: 'Cancel' }));
      await expect(args.endScreen!.onCancelCountdown).toHaveBeenCalledTimes(1);
      await userEvent.click(within(end).getByRole('button', { name: 'Watch Credits' }));
      await expect(args.endScreen!.onWatchCredits).toHaveBeenCalledTimes(1);
      await userEvent.click(within(end).getByRole('button', { name: 'Back' }));
      await expect(args.onBack).toHaveBeenCalledTimes(1);
    });
  },
};

/** The profile's autoplay is off (or the count was cancelled): the next episode waits for the viewer. */
export const EndScreenNoCountdown: Story = {
  args: {
    ...EndScreenNextEpisode.args,
    endScreen: { next: { label: 'S2:E4 Episode 4', image: null }, countdown: null, ...endScreenSpies() },
  },
  play: async () => {
    const end = await screen().findByRole('region', { name: 'Next episode' });
    await expect(within(end).queryByRole('timer')).toBeNull();
    await expect(within(end).queryByRole('button', { name: 'Cancel' })).toBeNull();
  },
};

/**
 * After a run of episodes that started on their own with no interaction: "Are you still
 * watching?" over the paused frame, instead of the next episode's countdown.
 */
export const EndScreenStillWatching: Story = {
  args: {
    ...EndScreenNextEpisode.args,
    state: 'paused',
    endScreen: {
      next: { label: 'S2:E4 Episode 4', image: null },
      countdown: null,
      stillWatching: true,
      onContinueWatching: fn(),
      ...endScreenSpies(),
    },
  },
  play: async ({ args, step }) => {
    const prompt = await screen().findByRole('alertdialog', { name: 'Are you still watching?' });
    const go = within(prompt).getByRole('button', { name: 'Continue Watching' });
    await step('Continue Watching has focus; nothing of the countdown shows', async () => {
      await waitFor(() => expect(go).toHaveFocus());
      await expect(screen().queryByRole('region', { name: 'Next episode' })).toBeNull();
      await expect(screen().queryByRole('timer')).toBeNull();
    });
    await step('each action reports', async () => {
      await userEvent.keyboard('{Enter}');
      await expect(args.endScreen!.onContinueWatching).toHaveBeenCalledTimes(1);
      await expect(args.endScreen!.onPlayNext).not.toHaveBeenCalled();
      await userEvent.click(within(prompt).getByRole('button', { name: 'Back to Browse' }));
      await expect(args.onBack).toHaveBeenCalledTimes(1);
    });
  },
};

/** A film's credits: three titles from More Like This, each a link that plays it. */
export const EndScreenFilm: Story = {
  args: {
    time: 148,
    endScreen: {
      next: null,
      countdown: null,
      recommendations: [
        { id: 11, name: 'Harbour Lights', href: '/watch/movie/11', image: null },
        { id: 12, name: 'Tide Line', href: '/watch/movie/12', image: null },
        { id: 13, name: 'Salt Road', href: '/watch/movie/13', image: null },
      ],
      ...endScreenSpies(),
    },
  },
  play: async ({ args }) => {
    const end = await screen().findByRole('region', { name: 'More like this' });
    const links = within(end).getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Play Harbour Lights',
      'Play Tide Line',
      'Play Salt Road',
    ]);
    await waitFor(() => expect(links[0]).toHaveFocus());
    await userEvent.click(links[1]);
    await expect(args.endScreen!.onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 12 }));
  },
};

/** Where the browser has picture-in-picture, its button shows beside full screen and says which way it goes. */
export const PictureInPicture: Story = {
  args: { onTogglePictureInPicture: fn(), pictureInPicture: false },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Picture-in-picture' }));
    await expect(args.onTogglePictureInPicture).toHaveBeenCalledTimes(1);
  },
};

export const InPictureInPicture: Story = {
  args: { onTogglePictureInPicture: fn(), pictureInPicture: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Exit picture-in-picture' })).toBeVisible();
  },
};

/**
 * The keyboard shortcuts on `?`: a modal dialog that takes focus, closed by its button (or by Esc,
 * the browser's own handling of a modal dialog, which synthetic key events do not reach).
 */
export const ShortcutHelpOpen: Story = {
  args: {
    shortcutHelp: {
      shortcuts: [
        { keys: ['Space', 'K'], action: 'Play or pause' },
        { keys: ['S'], action: 'Skip the intro, recap or credits' },
        { keys: ['?'], action: 'These shortcuts' },
      ],
      onClose: fn(),
    },
  },
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toHaveTextContent('SpaceKPlay or pause');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.click(close);
    await expect(args.shortcutHelp!.onClose).toHaveBeenCalled();
  },
};

/** During the intro, "Skip Intro" shows over the picture, reachable by keyboard. */
export const SkipIntro: Story = {
  args: { time: 3, skip: 'intro' },
  play: async ({ args }) => {
    const skip = screen().getByRole('button', { name: 'Skip Intro' });
    skip.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSkip).toHaveBeenCalledTimes(1);
  },
};

/** A recap's own words (and the credits', below). */
export const SkipRecap: Story = {
  args: { skip: 'recap' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Skip Recap' })).toBeVisible();
  },
};

export const SkipCredits: Story = {
  args: { skip: 'credits' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Skip Credits' })).toBeVisible();
  },
};

export const ErrorWithRetry: Story = {
  args: { state: 'error', error: 'Could not load the programme. Check your connection and try again.' },
  play: async ({ args }) => {
    const alert = screen().getByRole('alert');
    await expect(alert).toHaveTextContent('Could not load the programme. Check your connection and try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** The quality menu: Auto (with what it plays now) and each rendition, as radio items. */
export const QualityMenuOpen: Story = {
  args: { qualityMenuOpen: true, quality: '1' },
  play: async ({ args }) => {
    const menu = await screen().findByRole('menu');
    await expect(menu).toHaveTextContent(/^Quality/);
    const items = within(menu).getAllByRole('menuitemradio');
    // The checked item carries its ✓ indicator.
    await expect(items.map((item) => item.textContent)).toEqual(['Auto (720p)', '720p', '✓540p', '360p']);
    await expect(within(menu).getByRole('menuitemradio', { name: /540p/ })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /720p$/ }));
    await expect(args.onQualityChange).toHaveBeenCalledWith('2');
  },
};

/** The subtitles menu: Off and English. */
export const SubtitlesMenuOpen: Story = {
  args: { subtitlesMenuOpen: true },
  play: async ({ args }) => {
    const menu = await screen().findByRole('menu');
    await expect(menu).toHaveTextContent(/^Subtitles/);
    await expect(within(menu).getByRole('menuitemradio', { name: /Off/ })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /English/ }));
    await expect(args.onSubtitleChange).toHaveBeenCalledWith('0');
  },
};

/** The playback speed menu: 0.5× to 1.5×, 1× being Normal. */
export const SpeedMenuOpen: Story = {
  args: { speedMenuOpen: true, speed: 1.25 },
  play: async ({ args }) => {
    const menu = await screen().findByRole('menu');
    await expect(menu).toHaveTextContent(/^Playback speed/);
    const items = within(menu).getAllByRole('menuitemradio');
    await expect(items.map((item) => item.textContent)).toEqual(['0.5×', '0.75×', '1× (Normal)', '✓1.25×', '1.5×']);
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /1\.5×/ }));
    await expect(args.onSpeedChange).toHaveBeenCalledWith(1.5);
  },
};

/** Playing faster: the speed shows on its button. */
export const PlayingFaster: Story = {
  args: { speed: 1.5, announcement: 'Speed 1.5×' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Playback speed: 1.5×' })).toHaveTextContent('1.5×');
  },
};

/** While playing untouched, the controls fade out; the picture stays. */
export const ControlsHidden: Story = {
  args: { controlsVisible: false },
  play: async ({ args, canvasElement }) => {
    const root = canvasElement.querySelector('main')!;
    await expect(root).toHaveAttribute('data-controls', 'hidden');
    await userEvent.pointer({ target: root, coords: { clientX: 50, clientY: 50 } });
    await expect(args.onActivity).toHaveBeenCalled();
  },
};
