import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { SignOutButtons } from '../../src/components/account/SignOutButtons';
import { preloadConfirmDialog } from '../../src/components/feedback/ConfirmDialog';

const meta = {
  title: 'Account/SignOutButtons',
  component: SignOutButtons,
  // The confirmation's Radix half, which the account page downloads at idle.
  loaders: [async () => void (await preloadConfirmDialog())],
  args: { onSignOut: fn(), onSignOutEverywhere: fn() },
  // On the account page they sit inside the page's main landmark.
  decorators: [
    (Story) => (
      <main style={{ padding: 24 }}>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof SignOutButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Both ways out; signing out everywhere asks first, and Stay Signed In goes back to its button. */
export const Both: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign Out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
    const everywhere = canvas.getByRole('button', { name: 'Sign Out of All Devices' });
    await expect(everywhere).toHaveAccessibleDescription(
      'Signs you out on every device and browser, this one included.',
    );
    await userEvent.click(everywhere);
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Sign out of all devices?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay Signed In' }));
    await expect(within(document.body).queryByRole('alertdialog')).toBeNull();
    await expect(everywhere).toHaveFocus();
    await expect(args.onSignOutEverywhere).not.toHaveBeenCalled();
  },
};

/** Where every session cannot be ended at once: Sign Out alone. */
export const SignOutOnly: Story = {
  args: { onSignOutEverywhere: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button')).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: 'Sign Out' })).toBeEnabled();
  },
};

/** A sign-out under way: both buttons wait. */
export const SigningOut: Story = {
  args: { signingOut: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Sign Out' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Sign Out of All Devices' })).toBeDisabled();
  },
};
