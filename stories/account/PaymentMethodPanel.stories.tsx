import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { PaymentMethodPanel } from '../../src/components/account/PaymentMethodPanel';

const meta = {
  title: 'Account/PaymentMethodPanel',
  component: PaymentMethodPanel,
  args: { card: 'Visa •••• 4242', stage: 'showing', onEdit: fn(), onCancel: fn(), onSubmit: fn(), onRetry: fn() },
  // On the account page it sits inside the page's main landmark.
  decorators: [
    (Story) => (
      <main style={{ padding: 24 }}>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof PaymentMethodPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnFile: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Update payment method' }));
    await expect(args.onEdit).toHaveBeenCalledTimes(1);
  },
};

/** While the card is read: as tall as the card with its button, which is held unseen, so nothing below moves. */
export const Loading: Story = {
  args: { stage: 'loading', card: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const busy = canvas.getByText('Loading your card…').parentElement!;
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('button')).toBeNull();
    // Its place is kept by the button itself, unseen.
    await expect(canvasElement.querySelector('button')).toHaveStyle({ visibility: 'hidden' });
  },
};

export const Editing: Story = {
  args: { stage: 'editing' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Card number' }), '5555 5555 5555 4444');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Expiry (MM / YY)' }), '12 / 34');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Security code' }), '123');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name on card' }), 'Ann Example');
    await userEvent.click(canvas.getByRole('button', { name: 'Save card' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      number: '5555 5555 5555 4444',
      expiry: '12 / 34',
      cvc: '123',
      name: 'Ann Example',
    });
  },
};

export const Declined: Story = { args: { stage: 'editing', error: 'Your card was declined.' } };

export const Saved: Story = { args: { card: 'Mastercard •••• 4444', saved: true } };
