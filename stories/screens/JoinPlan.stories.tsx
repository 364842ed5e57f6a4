import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { STANDARD_SUBSCRIPTION } from '../support/in-memory-plans';
import { SignedInApp, signedInAppLoaders } from '../support/signed-in-app';

const meta = {
  title: 'Screens/Join plan',
  component: SignedInApp,
  loaders: signedInAppLoaders,
  args: {
    path: '/signup/plan',
    profiles: [{ id: 'k3j9x2', name: 'Ann', activeProfile: true }],
    onRedirect: fn(),
  },
} satisfies Meta<typeof SignedInApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const HEADING = "Choose the plan that's right for you";

/** The plans from the product records, each with its resolution and screens; Next pays for the chosen one. */
export const ChooseAndPay: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    const premium = await canvas.findByRole('radio', { name: 'Premium' });
    await expect(premium).toHaveAccessibleDescription(/GBP 10\.99\/month.*Ultra HD \(4K\).*Screens at once\s*4/);
    await step('choose Standard, then Next', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'Standard' }));
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
      await expect(await canvas.findByRole('button', { name: 'Starting checkout…' })).toBeDisabled();
    });
    await waitFor(() =>
      expect(args.onRedirect).toHaveBeenCalledWith(`${location.origin}/checkout/cs_test_request1000000000000`),
    );
  },
};

/** "Browse first": home, without a plan. */
export const BrowseFirst: Story = {
  args: { onRedirect: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // The plans in first: the step takes its choices once it knows them.
    await canvas.findByRole('radio', { name: 'Standard' });
    await userEvent.click(canvas.getByRole('button', { name: 'Browse first' }));
    await expect(await canvas.findByRole('heading', { name: 'Trending Now' }, { timeout: 10_000 })).toBeVisible();
    await expect(args.onRedirect).not.toHaveBeenCalled();
  },
};

/** A member already (paid in another tab): straight on to Who's Watching. */
export const AlreadyMember: Story = {
  args: { subscription: STANDARD_SUBSCRIPTION },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: "Who's Watching?" })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: HEADING })).toBeNull();
  },
};

/** The plans could not be read: the reason, Try again, and Browse first still there. */
export const PlansFailed: Story = {
  args: { plansFailWith: 'Could not reach Marquee. Check your connection and try again.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not reach Marquee.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Browse first' })).toBeEnabled();
  },
};
