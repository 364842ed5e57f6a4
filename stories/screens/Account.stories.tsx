import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import type { Profile } from '../../src/services/user-state/user-state.port';
import { STANDARD_SUBSCRIPTION } from '../support/in-memory-plans';
import { SignedInApp, signedInAppLoaders } from '../support/signed-in-app';

const PROFILES: Profile[] = [{ id: 'k3j9x2', name: 'Ann', activeProfile: true }];

const meta = {
  title: 'Screens/Account',
  component: SignedInApp,
  loaders: signedInAppLoaders,
  args: { path: '/account', email: 'ann@example.com', createdAt: '2022-09-14T10:00:00.000Z', profiles: PROFILES },
} satisfies Meta<typeof SignedInApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The account's e-mail, member-since month, no plan yet, and the way to change it. */
export const Details: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = await canvas.findByRole('main', { name: 'Account' });
    await expect(within(page).getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    await expect(within(page).getByText('Member Since September 2022')).toBeVisible();
    // The sections come once the plan and the billing history are read.
    await expect(await within(page).findByText('ann@example.com')).toBeVisible();
    await expect(within(page).getByText('No plan yet')).toBeVisible();
    await expect(within(page).getByRole('link', { name: 'Change Plan' })).toHaveAttribute('href', '/change-plan');
    // Nothing to cancel before there is a plan.
    await expect(within(page).getByRole('button', { name: 'Cancel Membership' })).toBeDisabled();
  },
};

/** Sign Out on the account page lands on the landing page. */
export const SignOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = await canvas.findByRole('main', { name: 'Account' });
    await userEvent.click(await within(page).findByRole('button', { name: 'Sign Out' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Unlimited films, TV programmes and more.' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Account' })).toBeNull();
  },
};

/** Sign Out of All Devices ends every session and lands on the landing page too. */
export const SignOutEverywhere: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = await canvas.findByRole('main', { name: 'Account' });
    await userEvent.click(await within(page).findByRole('button', { name: 'Sign Out of All Devices' }));
    // It asks first; the dialog is portalled to the document's body.
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Sign out of all devices?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Out Everywhere' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Unlimited films, TV programmes and more.' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Account' })).toBeNull();
  },
};

/** With a subscription, the plan's name from the plans on offer. */
export const WithPlan: Story = {
  args: { subscription: STANDARD_SUBSCRIPTION },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const plan = await canvas.findByRole('region', { name: 'PLAN DETAILS' });
    await expect(await within(plan).findByText('Standard')).toBeVisible();
    await expect(within(plan).queryByText('No plan yet')).toBeNull();
  },
};

/** The plan cannot be read: a message and a retry, not a wrong 'No plan yet'. */
export const PlanUnavailable: Story = {
  args: { plansFailWith: 'Could not reach Marquee. Check your connection and try again.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const plan = await canvas.findByRole('region', { name: 'PLAN DETAILS' });
    await expect(await within(plan).findByRole('alert')).toHaveTextContent('Could not reach Marquee.');
    await expect(within(plan).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(within(plan).queryByText('No plan yet')).toBeNull();
  },
};

/** Cancel Membership asks first; once confirmed the page says when the membership ends. */
export const CancelMembership: Story = {
  args: { subscription: STANDARD_SUBSCRIPTION },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const billing = await canvas.findByRole('region', { name: 'MEMBERSHIP & BILLING' });
    await expect(await within(billing).findByText('Your next billing date is 22 December 2026.')).toBeVisible();
    await userEvent.click(within(billing).getByRole('button', { name: 'Cancel Membership' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
      name: 'Cancel membership?',
    });
    await expect(dialog).toHaveTextContent('Your membership will end on 22 December 2026.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finish Cancellation' }));
    const ends = await within(billing).findByText('Your membership ends on 22 December 2026.');
    await expect(ends).toHaveFocus();
    await expect(await within(billing).findByRole('button', { name: 'Restart Membership' })).toBeEnabled();
  },
};

/** A downgrade scheduled for the renewal, and Keep Standard, which drops it. */
export const KeepCurrentPlan: Story = {
  args: {
    subscription: {
      ...STANDARD_SUBSCRIPTION,
      scheduledChange: { priceId: 'price_1MqBasicMonthlyGbp', role: 'basic' },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const plan = await canvas.findByRole('region', { name: 'PLAN DETAILS' });
    await expect(await within(plan).findByText('Your plan changes to Basic on 22 December 2026.')).toBeVisible();
    await userEvent.click(within(plan).getByRole('button', { name: 'Keep Standard' }));
    await waitFor(() => expect(within(plan).queryByText(/Your plan changes to/)).toBeNull());
    await expect(within(plan).queryByRole('button', { name: 'Keep Standard' })).toBeNull();
    await expect(within(plan).getByText('Standard')).toBeVisible();
  },
};
