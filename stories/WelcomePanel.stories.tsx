import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { WelcomePanel } from '../src/components/WelcomePanel';

const meta = {
  title: 'Signed in/WelcomePanel',
  component: WelcomePanel,
  args: { brand: 'Marquee', email: 'ann@example.com', onSignOut: fn() },
} satisfies Meta<typeof WelcomePanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You are signed in as ann@example.com.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign Out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

export const SigningOut: Story = {
  args: { signingOut: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Signing Out…' })).toBeDisabled();
  },
};

export const SignOutFailed: Story = {
  args: { error: 'Could not sign out: Could not reach Marquee. Check your connection and try again.' },
};
