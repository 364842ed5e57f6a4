import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { AccountDetails } from '../../src/components/account/AccountDetails';

const meta = {
  title: 'Account/AccountDetails',
  component: AccountDetails,
  args: {
    email: 'ann@example.com',
    memberSince: 'September 2022',
    planName: 'Standard',
    changePlanHref: '/change-plan',
    onCancelMembership: fn(),
    onSignOut: fn(),
    onSignOutEverywhere: fn(),
    onChangePlan: fn(),
  },
} satisfies Meta<typeof AccountDetails>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithPlan: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('heading, member since and e-mail', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
      await expect(canvas.getByText('Member Since September 2022')).toBeVisible();
      const billing = canvas.getByRole('region', { name: 'MEMBERSHIP & BILLING' });
      await expect(within(billing).getByText('ann@example.com')).toBeVisible();
      await userEvent.click(within(billing).getByRole('button', { name: 'Cancel Membership' }));
      await expect(args.onCancelMembership).toHaveBeenCalledTimes(1);
    });
    await step('plan details and the Change Plan link', async () => {
      const plan = canvas.getByRole('region', { name: 'PLAN DETAILS' });
      await expect(within(plan).getByText('Standard')).toBeVisible();
      const link = within(plan).getByRole('link', { name: 'Change Plan' });
      await expect(link).toHaveAttribute('href', '/change-plan');
      // A plain click is routed by the app instead of reloading the page.
      await userEvent.click(link);
      await expect(args.onChangePlan).toHaveBeenCalledTimes(1);
    });
    await step('Sign Out', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Sign Out' }));
      await expect(args.onSignOut).toHaveBeenCalledTimes(1);
    });
    await step('Sign Out of All Devices, which says what it does', async () => {
      const everywhere = canvas.getByRole('button', { name: 'Sign Out of All Devices' });
      await expect(everywhere).toHaveAccessibleDescription(
        'Signs you out on every device and browser, this one included.',
      );
      await userEvent.click(everywhere);
      await expect(args.onSignOutEverywhere).toHaveBeenCalledTimes(1);
      await expect(args.onSignOut).toHaveBeenCalledTimes(1);
    });
  },
};

/** A sign-out is under way (here or everywhere): neither button can be pressed again. */
export const SigningOut: Story = {
  args: { signingOut: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Sign Out' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Sign Out of All Devices' })).toBeDisabled();
  },
};

/** Before any subscription (the Plans issue fills it in). */
export const NoPlan: Story = {
  args: { planName: null },
  play: async ({ canvasElement }) => {
    const plan = within(canvasElement).getByRole('region', { name: 'PLAN DETAILS' });
    await expect(within(plan).getByText('No plan yet')).toBeVisible();
    // Nothing to cancel before a subscription.
    const billing = within(canvasElement).getByRole('region', { name: 'MEMBERSHIP & BILLING' });
    await expect(within(billing).getByRole('button', { name: 'Cancel Membership' })).toBeDisabled();
    await expect(within(plan).getByRole('link', { name: 'Change Plan' })).toHaveAttribute('href', '/change-plan');
  },
};

/** Cancelled at the period's end: the end date, and Restart Membership instead of Cancel Membership. */
export const Cancelled: Story = {
  args: {
    endsOn: '22 December 2026',
    onRestartMembership: fn(),
    billingHistory: <p>Billing history goes here</p>,
  },
  play: async ({ args, canvasElement }) => {
    const billing = within(canvasElement).getByRole('region', { name: 'MEMBERSHIP & BILLING' });
    await expect(within(billing).getByText('Your membership ends on 22 December 2026.')).toBeVisible();
    await expect(within(billing).queryByRole('button', { name: 'Cancel Membership' })).toBeNull();
    const restart = within(billing).getByRole('button', { name: 'Restart Membership' });
    await expect(restart).toHaveAccessibleDescription('Your membership ends on 22 December 2026.');
    await userEvent.click(restart);
    await expect(args.onRestartMembership).toHaveBeenCalledTimes(1);
    await expect(within(canvasElement).getByRole('region', { name: 'BILLING HISTORY' })).toBeVisible();
  },
};

/** Renewing, with a downgrade scheduled; a cancel under way. */
export const Renewing: Story = {
  args: {
    renewsOn: '22 December 2026',
    scheduledChange: 'Changes to Basic on 22 December 2026',
    membershipStatus: 'busy',
  },
  play: async ({ canvasElement }) => {
    const billing = within(canvasElement).getByRole('region', { name: 'MEMBERSHIP & BILLING' });
    await expect(within(billing).getByText('Your next billing date is 22 December 2026.')).toBeVisible();
    await expect(within(billing).getByRole('button', { name: 'Cancelling…' })).toBeDisabled();
    const plan = within(canvasElement).getByRole('region', { name: 'PLAN DETAILS' });
    await expect(within(plan).getByText('Changes to Basic on 22 December 2026')).toBeVisible();
  },
};

/** A cancel that failed: the server's message, and a way to dismiss it. */
export const MembershipError: Story = {
  args: {
    renewsOn: '22 December 2026',
    membershipStatus: 'error',
    membershipError: 'This subscription has ended: choose a plan to subscribe again.',
    onDismissMembershipError: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const billing = within(canvasElement).getByRole('region', { name: 'MEMBERSHIP & BILLING' });
    await expect(within(billing).getByRole('alert')).toHaveTextContent('This subscription has ended');
    await userEvent.click(within(billing).getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismissMembershipError).toHaveBeenCalledTimes(1);
  },
};
