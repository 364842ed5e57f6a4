import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { PlaybackRefusal } from '../../src/components/watching/PlaybackRefusal';

const meta = {
  title: 'Watching/PlaybackRefusal',
  component: PlaybackRefusal,
  args: {
    kind: 'too-many-screens',
    message: 'Too many people are using your account right now.',
    screens: [
      { id: 'a', device: 'Firefox on Windows', title: 'Heat', started_at: 1 },
      { id: 'b', device: 'Safari on iOS', title: 'Dark: S1:E2', started_at: 2 },
    ],
    plansHref: '/change-plan',
    onChoosePlan: fn(),
    onStopScreen: fn(),
    onRetry: fn(),
    onBack: fn(),
  },
  decorators: [
    (Story) => (
      <main style={{ minHeight: 480, background: '#000' }}>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof PlaybackRefusal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every screen the plan allows is playing: which ones, and a way to stop one. */
export const TooManyScreens: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    const heading = canvas.getByRole('heading', { name: 'Too many people are using your account right now' });
    await waitFor(() => expect(heading).toHaveFocus());
    const screens = canvas.getByRole('list', { name: 'Screens in use' });
    await expect(within(screens).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(screens).getByText('Watching Dark: S1:E2')).toBeVisible();
    await step('stopping a screen names it', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Stop playing on Safari on iOS' }));
      await expect(args.onStopScreen).toHaveBeenCalledWith('b');
    });
    await step('the keyboard goes from the heading to the first screen', async () => {
      heading.focus();
      await userEvent.tab();
      await expect(canvas.getByRole('button', { name: 'Stop playing on Firefox on Windows' })).toHaveFocus();
    });
  },
};

/** A screen is being stopped: its buttons wait. */
export const Stopping: Story = {
  args: { stopping: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const button of canvas.getAllByRole('button', { name: /^Stop playing on/ }))
      await expect(button).toBeDisabled();
  },
};

/** No membership: the plans are offered. */
export const NoMembership: Story = {
  args: { kind: 'no-membership', message: 'Choose a plan to start watching.', screens: [] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Choose a plan to start watching' })).toHaveFocus());
    const choose = canvas.getByRole('link', { name: 'Choose a plan' });
    await expect(choose).toHaveAttribute('href', '/change-plan');
    await userEvent.click(choose);
    await expect(args.onChoosePlan).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** Playback stopped while playing: stopped from another screen, or the membership ended. */
export const Ended: Story = {
  args: {
    kind: 'ended',
    message: 'Playback stopped: this screen was stopped from another, or the membership has ended.',
    screens: [],
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

/** The plan's resolution has no rendition of this title yet. */
export const AbovePlan: Story = {
  args: { kind: 'above-plan', message: 'This title is not yet available at your plan’s resolution.', screens: [] },
};
