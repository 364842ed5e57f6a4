import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { ProfileGrid } from '../../src/components/profiles/ProfileGrid';

const THREE = [
  { id: 'k3j9x2', name: 'Ann', activeProfile: true },
  { id: 'p0q81m', name: 'Bob', activeProfile: false },
  { id: 'z7c4rt', name: 'Kids', activeProfile: false },
];

const FIVE = [
  ...THREE,
  { id: 'a1b2c3', name: 'Grandma', activeProfile: false },
  { id: '9xw0fd', name: 'Guest', activeProfile: false },
];

const meta = {
  title: 'Profiles/ProfileGrid',
  component: ProfileGrid,
  args: {
    profiles: THREE,
    mode: 'browse',
    onSelect: fn(),
    onEdit: fn(),
    onAdd: fn(),
    onToggleManage: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof ProfileGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Browse: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: "Who's Watching?" })).toBeVisible();
    await step('the active profile is marked', async () => {
      await expect(canvas.getByRole('button', { name: 'Ann' })).toHaveAttribute('aria-current', 'true');
      await expect(canvas.getByRole('button', { name: 'Bob' })).not.toHaveAttribute('aria-current');
    });
    await step('a tile selects its profile by id', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Bob' }));
      await expect(args.onSelect).toHaveBeenCalledWith('p0q81m');
      await expect(args.onEdit).not.toHaveBeenCalled();
    });
    await step('Add Profile and Manage Profiles', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add Profile' }));
      await expect(args.onAdd).toHaveBeenCalledTimes(1);
      await userEvent.click(canvas.getByRole('button', { name: 'Manage Profiles' }));
      await expect(args.onToggleManage).toHaveBeenCalledTimes(1);
    });
  },
};

export const Manage: Story = {
  args: { mode: 'manage' },
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Manage Profiles' })).toBeVisible();
    await step('tiles are named for editing', async () => {
      await expect(canvas.getByRole('button', { name: 'Edit Ann' })).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Edit Kids' })).toBeVisible();
    });
    await step('a tile opens Edit Profile by id', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Edit Kids' }));
      await expect(args.onEdit).toHaveBeenCalledWith('z7c4rt');
      await expect(args.onSelect).not.toHaveBeenCalled();
    });
    await step('Done leaves manage mode', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
      await expect(args.onToggleManage).toHaveBeenCalledTimes(1);
    });
  },
};

/** A new account: only 'Add Profile' (docs/spec.md §2). */
export const Empty: Story = {
  args: { profiles: [] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const buttons = canvas.getAllByRole('button');
    await expect(buttons).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Add Profile' }));
    await expect(args.onAdd).toHaveBeenCalledTimes(1);
  },
};

/** Five profiles: the limit, so no Add tile. */
export const Full: Story = {
  args: { profiles: FIVE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.queryByRole('button', { name: 'Add Profile' })).toBeNull();
  },
};

export const Busy: Story = {
  args: { status: 'busy' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    for (const name of ['Ann', 'Bob', 'Kids', 'Add Profile']) {
      await expect(canvas.getByRole('button', { name })).toBeDisabled();
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Bob' }), { pointerEventsCheck: 0 });
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

export const WithError: Story = {
  args: { status: 'error', error: 'Could not switch profiles. Check your connection and try again.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not switch profiles.');
    await expect(canvas.getByRole('button', { name: 'Bob' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Without an error there is nothing to retry. */
export const NoErrorNoRetry: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The empty live region stays in the page, hidden.
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};
