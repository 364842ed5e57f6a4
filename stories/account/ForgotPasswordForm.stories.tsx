import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { RESET_SENT_MESSAGE } from '../../shared/auth/credentials';
import { ForgotPasswordForm } from '../../src/components/auth/ForgotPasswordForm';

const meta = {
  title: 'Account/ForgotPasswordForm',
  component: ForgotPasswordForm,
  args: { onSubmit: fn(), onSignInClick: fn(), onSendAgain: fn() },
} satisfies Meta<typeof ForgotPasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Email Me a Link' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('ann@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Sign In' }));
    await expect(args.onSignInClick).toHaveBeenCalledTimes(1);
  },
};

export const Sending: Story = { args: { status: 'busy', defaultEmail: 'ann@example.com' } };

export const Refused: Story = {
  args: { status: 'error', error: 'The email address is badly formatted.', defaultEmail: 'ann@' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The email address is badly formatted.');
  },
};

export const Sent: Story = {
  args: { sentMessage: RESET_SENT_MESSAGE },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(RESET_SENT_MESSAGE);
    await waitFor(() => expect(canvas.getByRole('status')).toHaveFocus());
  },
};
