import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { PlanChoice, type PlanChoiceProps } from '../../src/components/plans/PlanChoice';

const PLANS: PlanChoiceProps['plans'] = [
  {
    priceId: 'price_basic',
    name: 'Basic',
    description: 'Watch on one screen at a time in HD (720p).',
    priceText: 'GBP 4.99/month',
    entitlements: { resolution: 'HD (720p)', screens: '1' },
  },
  {
    priceId: 'price_standard',
    name: 'Standard',
    description: 'Watch on two screens at a time in Full HD (1080p).',
    priceText: 'GBP 6.99/month',
    entitlements: { resolution: 'Full HD (1080p)', screens: '2' },
  },
  {
    priceId: 'price_premium',
    name: 'Premium',
    description: 'Watch on four screens at a time in Ultra HD (4K).',
    priceText: 'GBP 10.99/month',
    entitlements: { resolution: 'Ultra HD (4K)', screens: '4' },
  },
];

const meta = {
  title: 'Plans/PlanChoice',
  component: PlanChoice,
  args: { plans: PLANS, value: null, onValueChange: fn(), onNext: fn(), onBrowse: fn(), onRetry: fn() },
} satisfies Meta<typeof PlanChoice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The step as sign-up leaves it: every plan with its price, resolution and screens; Next waits for a choice. */
export const Choosing: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Step 2 of 3')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: "Choose the plan that's right for you" })).toBeVisible();
    const standard = canvas.getByRole('radio', { name: 'Standard' });
    await expect(standard).toHaveAccessibleDescription(/GBP 6\.99\/month.*Full HD \(1080p\).*Screens at once\s*2/);
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
    await step('choosing a plan says which', async () => {
      await userEvent.click(standard);
      await expect(args.onValueChange).toHaveBeenCalledWith('price_standard');
    });
    await step('Browse first goes on without one', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Browse first' }));
      await expect(args.onBrowse).toHaveBeenCalledTimes(1);
    });
  },
};

/** Standard chosen: Next pays for it. */
export const Chosen: Story = {
  args: { value: 'price_standard' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Standard' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};

/** The plans are being read. */
export const Loading: Story = {
  args: { plans: [], status: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('main')).toHaveAttribute('aria-busy', 'true');
  },
};

/** The checkout is starting: Next says so and nothing can be changed. */
export const StartingCheckout: Story = {
  args: { value: 'price_standard', pending: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Starting checkout…' })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: 'Basic' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Browse first' })).toBeDisabled();
  },
};

/** The checkout could not start: the provider's words, and Dismiss. */
export const CheckoutError: Story = {
  args: {
    value: 'price_standard',
    status: 'error',
    error: "An error occurred: No such price: 'price_standard'",
    retryLabel: 'Dismiss',
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent("No such price: 'price_standard'");
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
