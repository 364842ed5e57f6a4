import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { PinPrompt } from '../../src/components/profiles/PinPrompt';

const meta = {
  title: 'Profiles/PinPrompt',
  component: PinPrompt,
  args: { profile: { id: 'p0q81m', name: 'Ann', avatar: 'pink-smile' }, onSubmit: fn(), onCancel: fn() },
} satisfies Meta<typeof PinPrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Asked in place of the page: focus waits in the field, four digits send at once. */
export const Asking: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Profile Lock is on' })).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText('PIN for Ann')).toHaveFocus());
    await step('type the PIN', async () => {
      await userEvent.keyboard('4321');
      await expect(args.onSubmit).toHaveBeenCalledWith('4321');
    });
    await step('Escape goes back', async () => {
      await userEvent.keyboard('{Escape}');
      await expect(args.onCancel).toHaveBeenCalledTimes(1);
    });
  },
};

export const Checking: Story = { args: { status: 'busy' } };

/** A wrong PIN: why, and the field cleared for the next try. */
export const WrongPin: Story = {
  args: { status: 'error', error: 'That PIN is not right. Try again.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('That PIN is not right. Try again.');
    await expect(canvas.getByLabelText('PIN for Ann')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const TooManyTries: Story = {
  args: { status: 'error', error: 'Too many wrong PINs. Try again in 15 minutes.' },
};
