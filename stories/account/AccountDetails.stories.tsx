import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { AccountDetails } from '../../src/components/account/AccountDetails';
import { preloadConfirmDialog } from '../../src/components/feedback/ConfirmDialog';

const meta = {
  title: 'Account/AccountDetails',
  component: AccountDetails,
  // The cancel confirmation's Radix half, which the page downloads at idle.
  loaders: [async () => void (await preloadConfirmDialog())],
  args: {
    email: 'ann@example.com',
    memberSince: 'September 2022',
    planName: 'Standard',
    renewsOn: '22 December 2026',
    changePlanHref: '/change-plan',
    activityHref: '/viewing-activity',
    onActivityClick: fn(),
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
      await expect(within(billing).getByRole('button', { name: 'Cancel Membership' })).toBeEnabled();
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
      // It asks first (the dialog renders in a portal, so from the document's body).
      const dialog = await within(document.body).findByRole('alertdialog', { name: 'Sign out of all devices?' });
      await expect(args.onSignOutEverywhere).not.toHaveBeenCalled();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Out Everywhere' }));
      await expect(args.onSignOutEverywhere).toHaveBeenCalledTimes(1);
      await expect(args.onSignOut).toHaveBeenCalledTimes(1);
    });
  },
};

/**
 * Cancel Membership asks first, naming the end date: the harmless choice has focus, Escape or
 * Keep Membership leaves everything as it was (focus back on the button); Finish Cancellation
 * cancels, and focus waits on the membership's date. The dialog is in a portal: queried from the body.
 */
export const CancelConfirmation: Story = {
  play: async ({ args, canvasElement, step }) => {
    const billing = within(canvasElement).getByRole('region', { name: 'MEMBERSHIP & BILLING' });
    const body = within(canvasElement.ownerDocument.body);
    const cancel = within(billing).getByRole('button', { name: 'Cancel Membership' });

    await step('it asks, with the end date, and Escape keeps the membership', async () => {
      await userEvent.click(cancel);
      const dialog = await body.findByRole('alertdialog', { name: 'Cancel membership?' });
      await expect(dialog).toHaveAccessibleDescription(
        'Your membership will end on 22 December 2026. Until then you can keep watching, and restart it any time.',
      );
      await expect(within(dialog).getByRole('button', { name: 'Keep Membership' })).toHaveFocus();
      await userEvent.keyboard('{Escape}');
      await expect(body.queryByRole('alertdialog')).toBeNull();
      await expect(cancel).toHaveFocus();
      await expect(args.onCancelMembership).not.toHaveBeenCalled();
    });

    await step('Keep Membership leaves it too, from the keyboard', async () => {
      await userEvent.keyboard('{Enter}');
      const dialog = await body.findByRole('alertdialog', { name: 'Cancel membership?' });
      await userEvent.keyboard('{Enter}');
      await expect(dialog).not.toBeInTheDocument();
      await expect(cancel).toHaveFocus();
      await expect(args.onCancelMembership).not.toHaveBeenCalled();
    });

    await step('focus stays in the dialog, and Finish Cancellation cancels', async () => {
      await userEvent.click(cancel);
      const dialog = await body.findByRole('alertdialog', { name: 'Cancel membership?' });
      await userEvent.tab();
      const finish = within(dialog).getByRole('button', { name: 'Finish Cancellation' });
      await expect(finish).toHaveFocus();
      await userEvent.tab();
      await expect(within(dialog).getByRole('button', { name: 'Keep Membership' })).toHaveFocus();
      await userEvent.click(finish);
      await expect(body.queryByRole('alertdialog')).toBeNull();
      await expect(args.onCancelMembership).toHaveBeenCalledTimes(1);
      await expect(within(billing).getByText('Your next billing date is 22 December 2026.')).toHaveFocus();
    });
  },
};

/**
 * Hosted mode: Stripe's customer portal asks before it cancels, so the account page goes straight
 * there (asking here as well would be asking twice).
 */
export const CancelInProvidersPortal: Story = {
  args: { confirmCancel: false },
  play: async ({ args, canvasElement }) => {
    const billing = within(canvasElement).getByRole('region', { name: 'MEMBERSHIP & BILLING' });
    const cancel = within(billing).getByRole('button', { name: 'Cancel Membership' });
    await expect(cancel).not.toHaveAttribute('aria-haspopup');
    await userEvent.click(cancel);
    await expect(args.onCancelMembership).toHaveBeenCalledTimes(1);
    await expect(within(canvasElement.ownerDocument.body).queryByRole('alertdialog')).toBeNull();
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

/** The first read still on its way: the heading alone, so that nothing below it moves when the plan arrives. */
export const Loading: Story = {
  args: { loading: true, planName: null, renewsOn: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(canvas.getByText('Loading your account…')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('region')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  },
};

/** The plan read again after a failure: its section says so, rather than a wrong 'No plan yet'. */
export const PlanRetrying: Story = {
  args: { planLoading: true, planName: null, renewsOn: null },
  play: async ({ canvasElement }) => {
    const plan = within(canvasElement).getByRole('region', { name: 'PLAN DETAILS' });
    await expect(within(plan).getByText('Loading your plan…')).toHaveAttribute('aria-busy', 'true');
    await expect(within(plan).queryByText('No plan yet')).toBeNull();
  },
};

/** Before any subscription (the Plans issue fills it in). */
export const NoPlan: Story = {
  args: { planName: null, renewsOn: null },
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
    renewsOn: null,
    endsOn: '22 December 2026',
    // A scheduled downgrade never comes while the membership is ending: not shown.
    scheduledChange: 'Your plan changes to Basic on 22 December 2026.',
    onKeepCurrentPlan: fn(),
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
    const plan = within(canvasElement).getByRole('region', { name: 'PLAN DETAILS' });
    await expect(within(plan).queryByText(/Your plan changes to/)).toBeNull();
    await expect(within(plan).queryByRole('button', { name: 'Keep Standard' })).toBeNull();
    await expect(within(canvasElement).getByRole('region', { name: 'BILLING HISTORY' })).toBeVisible();
  },
};

/** Renewing, with a downgrade scheduled; a cancel under way. */
export const Renewing: Story = {
  args: {
    scheduledChange: 'Your plan changes to Basic on 22 December 2026.',
    onKeepCurrentPlan: fn(),
    membershipStatus: 'busy',
  },
  play: async ({ canvasElement }) => {
    const billing = within(canvasElement).getByRole('region', { name: 'MEMBERSHIP & BILLING' });
    await expect(within(billing).getByText('Your next billing date is 22 December 2026.')).toBeVisible();
    await expect(within(billing).getByRole('button', { name: 'Cancelling…' })).toBeDisabled();
    const plan = within(canvasElement).getByRole('region', { name: 'PLAN DETAILS' });
    await expect(within(plan).getByText('Your plan changes to Basic on 22 December 2026.')).toBeVisible();
    await expect(within(plan).getByRole('button', { name: 'Keep Standard' })).toBeDisabled();
  },
};

/** A downgrade scheduled for the renewal: the page says so and offers to keep the current plan. */
export const ScheduledDowngrade: Story = {
  args: {
    scheduledChange: 'Your plan changes to Basic on 22 December 2026.',
    onKeepCurrentPlan: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const plan = within(canvasElement).getByRole('region', { name: 'PLAN DETAILS' });
    const keep = within(plan).getByRole('button', { name: 'Keep Standard' });
    await expect(keep).toHaveAccessibleDescription('Your plan changes to Basic on 22 December 2026.');
    await userEvent.click(keep);
    await expect(args.onKeepCurrentPlan).toHaveBeenCalledTimes(1);
    // The button goes once the change is dropped: focus waits on the plan it keeps.
    await expect(within(plan).getByText('Standard').parentElement).toHaveFocus();
  },
};

/** Keeping the current plan is under way: the button says so and waits. */
export const KeepingPlan: Story = {
  args: {
    scheduledChange: 'Your plan changes to Basic on 22 December 2026.',
    onKeepCurrentPlan: fn(),
    membershipStatus: 'keepingPlan',
  },
  play: async ({ canvasElement }) => {
    const plan = within(canvasElement).getByRole('region', { name: 'PLAN DETAILS' });
    await expect(within(plan).getByRole('button', { name: 'Keeping…' })).toBeDisabled();
    // Not a cancel: Cancel Membership keeps its name while it waits.
    const billing = within(canvasElement).getByRole('region', { name: 'MEMBERSHIP & BILLING' });
    await expect(within(billing).getByRole('button', { name: 'Cancel Membership' })).toBeDisabled();
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
