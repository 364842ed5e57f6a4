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
