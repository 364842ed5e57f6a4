import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { ConfirmDialogParts } from '../src/components/feedback/ConfirmDialogParts';

const meta = {
  title: 'Feedback/ConfirmDialogParts',
  component: ConfirmDialogParts,
  decorators: [
    (Story) => (
      <main style={{ minHeight: 320, padding: 24 }}>
        <Story />
      </main>
    ),
  ],
  args: {
    open: true,
    onOpenChange: fn(),
    title: 'Sign out of all devices?',
    description: 'Every browser and device signed in to this account will be signed out.',
    confirmLabel: 'Sign Out Everywhere',
    cancelLabel: 'Stay Signed In',
    onConfirm: fn(),
    focusOnClose: () => null,
  },
} satisfies Meta<typeof ConfirmDialogParts>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open: an alert dialog whose harmless choice has focus; a click outside is not an answer. */
export const Open: Story = {
  play: async ({ args }) => {
    // The dialog is portalled to the document's body.
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Sign out of all devices?' });
    await expect(dialog).toHaveAccessibleDescription(
      'Every browser and device signed in to this account will be signed out.',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Stay Signed In' })).toHaveFocus());
    await userEvent.click(document.body, { pointerEventsCheck: 0 });
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** Escape cancels without confirming. */
export const EscapeCancels: Story = {
  play: async ({ args }) => {
    await within(document.body).findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** The action confirms, then closes. */
export const Confirm: Story = {
  play: async ({ args }) => {
    const dialog = await within(document.body).findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Out Everywhere' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};
