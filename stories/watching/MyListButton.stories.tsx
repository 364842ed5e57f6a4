import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { MyListButton } from '../../src/components/watching/MyListButton';

const meta = {
  title: 'Watching/MyListButton',
  component: MyListButton,
  args: { inList: false, onToggle: fn() },
  decorators: [
    (Story) => (
      <main style={{ padding: 24 }}>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof MyListButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not listed: a plus, named for what it does. */
export const NotInList: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Add to My List' });
    await expect(button).not.toHaveAttribute('aria-pressed');
    await userEvent.click(button);
    await expect(args.onToggle).toHaveBeenCalledTimes(1);
  },
};

/** Listed: a tick; its name now says it removes. */
export const InList: Story = {
  args: { inList: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Remove from My List' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onToggle).toHaveBeenCalledTimes(1);
  },
};

/** The change shows at once while the server confirms it: busy, and still usable. */
export const Busy: Story = {
  args: { inList: true, status: 'busy' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Remove from My List' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onToggle).toHaveBeenCalledTimes(1);
  },
};

/** Beside other titles' buttons (a grid of cards), the name says which title. */
export const Named: Story = {
  args: { titleName: 'Inception', size: 'sm' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Add Inception to My List' })).toBeVisible();
  },
};

/** Before the profile's list has loaded it cannot know the state. */
export const Unavailable: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Add to My List' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onToggle).not.toHaveBeenCalled();
  },
};
