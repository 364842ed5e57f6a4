import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { DevicesList } from '../../src/components/account/DevicesList';

const rows = [
  { id: 'a', device: 'Chrome on Windows', place: 'This device', lastSeen: 'now' },
  { id: 'b', device: 'Safari on iOS', place: '203.0.113.7', lastSeen: '28 November 2026, 21:14' },
];

const meta = {
  title: 'Account/DevicesList',
  component: DevicesList,
  args: { status: 'ready', rows, onSignOut: fn(), onRetry: fn(), accountHref: '/account', onAccountClick: fn() },
} satisfies Meta<typeof DevicesList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const phone = canvas.getByRole('listitem', { name: 'Safari on iOS' });
    await expect(within(phone).getByText('203.0.113.7')).toBeVisible();
    await userEvent.click(within(phone).getByRole('button', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenCalledWith('b');
  },
};

export const SigningOut: Story = { args: { endingId: 'b' } };

export const Loading: Story = { args: { status: 'loading', rows: [] } };

export const Failed: Story = {
  args: { status: 'error', rows: [], error: 'Could not reach Marquee. Check your connection and try again.' },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
