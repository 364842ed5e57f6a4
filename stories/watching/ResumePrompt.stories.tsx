import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { ResumePrompt } from '../../src/components/watching/ResumePrompt';

const meta = {
  title: 'Watching/ResumePrompt',
  component: ResumePrompt,
  args: {
    positionSeconds: 754,
    resumeHref: '/watch/movie/603?t=754',
    startHref: '/watch/movie/603',
    onResume: fn(),
    onStartOver: fn(),
  },
  decorators: [
    (Story) => (
      <main style={{ padding: 24 }}>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof ResumePrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A film in progress: resume at the saved time, or start over. */
export const Film: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    const resume = canvas.getByRole('link', { name: 'Resume from 12:34' });
    const start = canvas.getByRole('link', { name: 'Start from beginning' });
    await expect(resume).toHaveAttribute('href', '/watch/movie/603?t=754');
    await expect(start).toHaveAttribute('href', '/watch/movie/603');
    await step('a plain click is routed by the app', async () => {
      await userEvent.click(resume);
      await expect(args.onResume).toHaveBeenCalledTimes(1);
      await userEvent.click(start);
      await expect(args.onStartOver).toHaveBeenCalledTimes(1);
    });
  },
};

/** A series: the episode it resumes, and hours when the position is past one. */
export const Episode: Story = {
  args: {
    positionSeconds: 3723,
    episode: 'S2:E3',
    resumeHref: '/watch/tv/1399/2/3?t=3723',
    startHref: '/watch/tv/1399/2/3',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Play' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Resume S2:E3 from 1:02:03' })).toHaveAttribute(
      'href',
      '/watch/tv/1399/2/3?t=3723',
    );
  },
};

/**
 * The next episode, barely begun (autoplay moved on, and the viewer left in its first seconds):
 * Play that episode, not "Resume from 0:03".
 */
export const NextEpisodeBarelyBegun: Story = {
  args: {
    positionSeconds: undefined,
    episode: 'S1:E2',
    resumeHref: '/watch/tv/1399/1/2',
    startHref: '/watch/tv/1399/1/2',
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const play = canvas.getByRole('link', { name: 'Play S1:E2' });
    await expect(play).toHaveAttribute('href', '/watch/tv/1399/1/2');
    await expect(canvas.queryByRole('link', { name: /Resume/ })).toBeNull();
    await userEvent.click(play);
    await expect(args.onStartOver).toHaveBeenCalledTimes(1);
  },
};
