import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { AuthForm } from '../src/components/auth/AuthForm';

const meta = {
  title: 'Signed out/AuthForm',
  component: AuthForm,
  args: { mode: 'signIn', brand: 'Marquee', onSubmit: fn(), onSignUpClick: fn() },
  decorators: [
    (Story) => (
      <div style={{ padding: '48px 16px' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AuthForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignInEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(canvas.getByText(/New to Marquee\?/)).toBeVisible();
  },
};

export const SignInFilled: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(canvas.getByLabelText('Password'), 'secret1');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'secret1' });
  },
};

/** docs/spec.md §5: no client-side validation, even of empty fields; the backend answers. */
export const SignInSubmitsEmpty: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign In' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: '', password: '' });
  },
};

export const SignInSubmitting: Story = {
  args: { status: 'busy' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Signing In…' })).toBeDisabled();
  },
};

export const SignInError: Story = {
  args: { status: 'error', error: 'That user does not exist. Please try again.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('That user does not exist. Please try again.');
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const SignUpNowLink: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign Up Now.' }));
    await expect(args.onSignUpClick).toHaveBeenCalledTimes(1);
  },
};

export const SignUpEmpty: Story = {
  args: { mode: 'signUp' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await expect(canvas.queryByText(/New to/)).toBeNull();
  },
};

/** The e-mail typed on the landing page arrives in the sign-up form. */
export const SignUpPrefilled: Story = {
  args: { mode: 'signUp', defaultEmail: 'ann@example.com' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Email')).toHaveValue('ann@example.com');
    await userEvent.type(canvas.getByLabelText('Password'), 'secret1{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'secret1' });
  },
};

export const SignUpSubmitting: Story = { args: { mode: 'signUp', status: 'busy' } };

export const SignUpError: Story = {
  args: { mode: 'signUp', status: 'error', error: 'Password should be at least 6 characters' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Password should be at least 6 characters',
    );
  },
};
