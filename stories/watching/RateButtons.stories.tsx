import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { RateButtons } from '../../src/components/watching/RateButtons';

const meta = {
  title: 'Watching/RateButtons',
  component: RateButtons,
  args: { value: null, onValueChange: fn() },
  decorators: [
    (Story) => (
      <main style={{ padding: 24 }}>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof RateButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not rated: three thumbs, none pressed; each says what it means. */
export const Unrated: Story = {
  play: async ({ args, canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Rate this title' });
    for (const name of ['Not for me', 'I like this', 'Love this!']) {
      await expect(within(group).getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    await userEvent.click(within(group).getByRole('button', { name: 'I like this' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('up');
  },
};

/** Two thumbs up: that button pressed; pressing it again (from the keyboard) asks to clear it. */
export const Loved: Story = {
  args: { value: 'love' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Love this!' });
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('love');
  },
};

/** Not for me. */
export const ThumbsDown: Story = {
  args: { value: 'down' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Not for me' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/** The change shows at once while the server confirms it. */
export const Saving: Story = {
  args: { value: 'up', status: 'busy' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group')).toHaveAttribute('aria-busy', 'true');
  },
};

/** Until the profile's ratings have loaded. */
export const Loading: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'I like this' })).toBeDisabled();
  },
};

/** On a preview card, among other titles' controls: small, and the group names the title. */
export const OnACard: Story = {
  args: { titleName: 'Inception', size: 'sm', value: 'up' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'Rate Inception' })).toBeVisible();
  },
};
