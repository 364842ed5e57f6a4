import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { PlanList, type PlanOption } from '../../src/components/plans/PlanList';

const PLANS: PlanOption[] = [
  {
    priceId: 'price_basic',
    name: 'Basic',
    entitlements: { resolution: 'HD (720p)', screens: '1' },
    description: 'Watch on one screen at a time in HD (720p).',
    priceText: 'GBP 4.99/month',
    current: false,
  },
  {
    priceId: 'price_standard',
    name: 'Standard',
    entitlements: { resolution: 'Full HD (1080p)', screens: '2' },
    description: 'Watch on two screens at a time in Full HD (1080p).',
    priceText: 'GBP 6.99/month',
    current: true,
  },
  {
    priceId: 'price_premium',
    name: 'Premium',
    entitlements: { resolution: 'Ultra HD (4K)', screens: '4' },
    description: 'Watch on four screens at a time in Ultra HD (4K).',
    priceText: 'GBP 10.99/month',
    current: false,
  },
];

const meta = {
  title: 'Plans/PlanList',
  component: PlanList,
  args: { plans: PLANS, renewalDate: '22 December 2026', onSubscribe: fn(), onRetry: fn() },
} satisfies Meta<typeof PlanList>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('heading', { name }) !== null)!;

/** A subscriber: the renewal date, each plan's own price, 'Current Package' on Standard. */
export const Subscribed: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Change Streaming Plan' })).toBeVisible();
    await expect(canvas.getByText('Renewal date: 22 December 2026')).toBeVisible();
    await expect(within(rowOf(canvasElement, 'Premium')).getByText('GBP 10.99/month')).toBeVisible();
    // Each plan's resolution and screens, as its product record has them.
    await expect(within(rowOf(canvasElement, 'Premium')).getByText('Ultra HD (4K)')).toBeVisible();
    const current = within(rowOf(canvasElement, 'Standard')).getByRole('button', { name: 'Current Package' });
    await expect(current).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(current);
    await expect(args.onSubscribe).toHaveBeenLastCalledWith('price_standard', true);
    await userEvent.click(within(rowOf(canvasElement, 'Premium')).getByRole('button', { name: 'Subscribe' }));
    await expect(args.onSubscribe).toHaveBeenLastCalledWith('price_premium', false);
  },
};

/** Before any subscription: no renewal date, every plan offers 'Subscribe'. */
export const NoSubscription: Story = {
  args: { plans: PLANS.map((plan) => ({ ...plan, current: false })), renewalDate: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(/Renewal date/)).toBeNull();
    await expect(canvas.getAllByRole('button', { name: 'Subscribe' })).toHaveLength(3);
  },
};

/** A checkout is starting for Premium: it says so and every button waits. */
export const StartingCheckout: Story = {
  args: { pendingPriceId: 'price_premium' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      within(rowOf(canvasElement, 'Premium')).getByRole('button', { name: 'Starting checkout…' }),
    ).toBeDisabled();
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
    await expect(canvas.getByRole('list')).toHaveAttribute('aria-busy', 'true');
  },
};

/** docs/spec.md §8: a checkout error, with a way to close it. */
export const CheckoutError: Story = {
  args: { status: 'error', error: "An error occurred: No such price: 'price_gone'", retryLabel: 'Dismiss' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent("An error occurred: No such price: 'price_gone'");
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Loading: Story = {
  args: { plans: [], renewalDate: null, status: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('list')).toHaveAttribute('aria-busy', 'true');
  },
};

/** A subscriber's choices, quoted before paying: an upgrade's prorated charge, a downgrade's date. */
export const ChangeQuotes: Story = {
  args: {
    onDowngrade: fn(),
    plans: PLANS.map((plan) =>
      plan.name === 'Premium'
        ? { ...plan, change: 'upgrade', note: "You'll pay GBP 4.00 today, then GBP 10.99/month from 22 December 2026" }
        : plan.name === 'Basic'
          ? { ...plan, change: 'downgrade', note: 'Your plan changes to Basic on 22 December 2026; no charge today' }
          : plan,
    ),
  },
  play: async ({ args, canvasElement, step }) => {
    await step('Upgrade is a checkout, described by its quote', async () => {
      const upgrade = within(rowOf(canvasElement, 'Premium')).getByRole('button', { name: 'Upgrade' });
      await expect(upgrade).toHaveAccessibleDescription(
        "Premium You'll pay GBP 4.00 today, then GBP 10.99/month from 22 December 2026",
      );
      await userEvent.click(upgrade);
      await expect(args.onSubscribe).toHaveBeenCalledWith('price_premium', false);
    });
    await step('Downgrade is scheduled, with nothing to pay', async () => {
      const downgrade = within(rowOf(canvasElement, 'Basic')).getByRole('button', { name: 'Downgrade' });
      await expect(downgrade).toHaveAccessibleDescription(
        'Basic Your plan changes to Basic on 22 December 2026; no charge today',
      );
      await userEvent.click(downgrade);
      await expect(args.onDowngrade).toHaveBeenCalledWith('price_basic');
    });
  },
};

/** Back from a paid checkout: the page says the payment went through, as a status message. */
export const Paid: Story = {
  args: {
    plans: PLANS.map((plan) => ({ ...plan, current: plan.name === 'Premium' })),
    success: "Payment complete. You're now on the Premium plan.",
  },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent("Payment complete. You're now on the Premium plan.");
    // No error alongside it (the empty error slot is hidden).
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};
