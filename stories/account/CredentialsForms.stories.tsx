import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { CredentialsForms } from '../../src/components/account/CredentialsForms';

const meta = {
  title: 'Account/CredentialsForms',
  component: CredentialsForms,
  args: { form: null, onChangeEmail: fn(), onChangePassword: fn() },
} satisfies Meta<typeof CredentialsForms>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByRole('form', { name: 'Change email' });
    await userEvent.type(within(email).getByRole('textbox', { name: 'New email' }), 'ann@new.example');
    await userEvent.type(within(email).getByLabelText('Current password'), 'secret1');
    await userEvent.click(within(email).getByRole('button', { name: 'Save email' }));
    await expect(args.onChangeEmail).toHaveBeenCalledWith({ email: 'ann@new.example', password: 'secret1' });
  },
};

export const WrongPassword: Story = {
  args: { form: 'password', status: 'error', error: 'That password is incorrect.' },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByRole('form', { name: 'Change password' });
    await expect(within(form).getByRole('alert')).toHaveTextContent('That password is incorrect.');
  },
};

export const Saving: Story = { args: { form: 'password', status: 'busy' } };

export const Changed: Story = {
  args: { done: 'Your password has been changed, and every other device has been signed out.' },
};
