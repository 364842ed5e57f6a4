import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { ResetPasswordForm } from '../../src/components/auth/ResetPasswordForm';

const meta = {
  title: 'Account/ResetPasswordForm',
  component: ResetPasswordForm,
  args: { stage: 'form', onSubmit: fn(), signInHref: '/sign-in', forgotHref: '/forgot-password' },
} satisfies Meta<typeof ResetPasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Form: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New password'), 'a-new-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Set Password' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('a-new-password');
  },
};

export const Used: Story = {
  args: { status: 'error', error: 'This link is not valid, or it has been used already. Ask for a new one.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(/has been used already/);
    await expect(canvas.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  },
};

export const Done: Story = {
  args: { stage: 'done' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(/Your password has been changed/);
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  },
};

export const NoCode: Story = { args: { stage: 'noCode' } };
