import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { STANDARD_SUBSCRIPTION } from '../support/in-memory-plans';
import { SignedInApp, signedInAppLoaders } from '../support/signed-in-app';

const meta = {
  title: 'Screens/Change plan',
  component: SignedInApp,
  loaders: signedInAppLoaders,
  args: {
    path: '/change-plan',
    profiles: [{ id: 'k3j9x2', name: 'Ann', activeProfile: true }],
    onRedirect: fn(),
  },
} satisfies Meta<typeof SignedInApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = async (canvasElement: HTMLElement, name: string) => {
  const heading = await within(canvasElement).findByRole('heading', { level: 2, name });
  return within(heading.closest('li')!);
};

/** Subscribing starts a checkout session and leaves for its page once the id arrives. */
export const Subscribe: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Change Streaming Plan' })).toBeVisible();
    const standard = await rowOf(canvasElement, 'Standard');
    await expect(standard.getByText('GBP 6.99/month')).toBeVisible();
    await expect(canvas.queryByText(/Renewal date/)).toBeNull();
    await step('Subscribe on Standard', async () => {
      await userEvent.click(standard.getByRole('button', { name: 'Subscribe' }));
      await expect(await standard.findByRole('button', { name: 'Starting checkout…' })).toBeDisabled();
    });
    await waitFor(() =>
      expect(args.onRedirect).toHaveBeenCalledWith(`${location.origin}/checkout/cs_test_request1000000000000`),
    );
  },
};

/** A subscriber: the renewal date, and the current plan's button does nothing. */
export const CurrentPlan: Story = {
  args: { subscription: STANDARD_SUBSCRIPTION },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Renewal date: 22 December 2026')).toBeVisible();
    const standard = await rowOf(canvasElement, 'Standard');
    await userEvent.click(standard.getByRole('button', { name: 'Current Package' }));
    await expect(standard.getByRole('button', { name: 'Current Package' })).toBeEnabled();
    await expect(args.onRedirect).not.toHaveBeenCalled();
    // A dearer plan is an upgrade, quoted before paying; a cheaper one starts at the renewal.
    const premium = await rowOf(canvasElement, 'Premium');
    await expect(premium.getByRole('button', { name: 'Upgrade' })).toBeVisible();
    await expect(
      premium.getByText(/^You'll pay GBP \d+\.\d\d today, then GBP 10\.99\/month from 22 December 2026$/),
    ).toBeVisible();
    const basic = await rowOf(canvasElement, 'Basic');
    await expect(basic.getByRole('button', { name: 'Downgrade' })).toBeVisible();
    await expect(basic.getByText('Your plan changes to Basic on 22 December 2026; no charge today')).toBeVisible();
  },
};

/** Downgrade needs no payment: it is scheduled for the renewal, and the row says so. */
export const ScheduleDowngrade: Story = {
  args: { subscription: STANDARD_SUBSCRIPTION },
  play: async ({ args, canvasElement }) => {
    const basic = await rowOf(canvasElement, 'Basic');
    await userEvent.click(basic.getByRole('button', { name: 'Downgrade' }));
    await expect(await basic.findByRole('button', { name: 'Change Scheduled' })).toBeVisible();
    await expect(basic.getByText('Your plan changes to Basic on 22 December 2026')).toBeVisible();
    await expect(args.onRedirect).not.toHaveBeenCalled();
  },
};

/** docs/spec.md §8: the payment side's error is shown as 'An error occurred: …' and can be dismissed. */
export const CheckoutError: Story = {
  args: { checkoutAnswer: { error: { message: "No such price: 'price_1MqPremiumMonthlyGbp'" } } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const premium = await rowOf(canvasElement, 'Premium');
    await userEvent.click(premium.getByRole('button', { name: 'Subscribe' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      "An error occurred: No such price: 'price_1MqPremiumMonthlyGbp'",
    );
    await expect(args.onRedirect).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await expect(premium.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  },
};

/** The plans cannot be read: the failure and a retry. */
export const PlansUnavailable: Story = {
  args: { plansFailWith: 'Could not reach Marquee. Check your connection and try again.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not reach Marquee.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
