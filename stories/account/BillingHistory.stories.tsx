import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { BillingHistory } from '../../src/components/account/BillingHistory';

const meta = {
  title: 'Account/BillingHistory',
  component: BillingHistory,
  // A landmark around it, as on the account page.
  decorators: [
    (Story) => (
      <main>
        <Story />
      </main>
    ),
  ],
  args: {
    status: 'ready',
    rows: [
      { id: 'in_3', date: '20 November 2026', plan: 'Premium', amount: 'GBP 4.50', card: 'Mastercard •••• 4444' },
      { id: 'in_2', date: '22 October 2026', plan: 'Basic', amount: 'GBP 4.99', card: 'Visa •••• 4242' },
      { id: 'in_1', date: '22 September 2026', plan: 'Basic', amount: 'GBP 4.99', card: null },
    ],
    onRetry: fn(),
  },
} satisfies Meta<typeof BillingHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** BillingHistory: every charge, newest first, with date, plan, amount and card. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Billing history, newest first' });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(4);
    await expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Plan', 'Amount', 'Payment method']);
    await expect(rows[1]).toHaveTextContent('20 November 2026PremiumGBP 4.50Mastercard •••• 4444');
    // A charge whose card the provider does not tell.
    await expect(rows[3]).toHaveTextContent('—');
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No payments yet')).toBeVisible();
    await expect(within(canvasElement).queryByRole('table')).toBeNull();
  },
};

export const Loading: Story = {
  args: { status: 'loading', rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading your billing history…')).toHaveAttribute('aria-busy', 'true');
  },
};

export const Failed: Story = {
  args: { status: 'error', rows: [], error: 'Could not reach Marquee. Check your connection and try again.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not reach Marquee.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** An upgrade's charge, with its proration on lines of its own: the new plan's remaining time, less the old plan's unused time. */
export const Prorated: Story = {
  args: {
    rows: [
      {
        id: 'in_2',
        date: '6 November 2026',
        plan: 'Upgrade to Premium',
        amount: 'GBP 3.00',
        card: 'Mastercard •••• 4444',
        lines: [
          { description: 'Remaining time on Premium', amount: 'GBP 5.50' },
          { description: 'Unused time on Basic', amount: '−GBP 2.50' },
        ],
      },
      { id: 'in_1', date: '22 October 2026', plan: 'Basic', amount: 'GBP 4.99', card: 'Visa •••• 4242' },
    ],
  },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Billing history, newest first' });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(5);
    await expect(rows[1]).toHaveTextContent('6 November 2026Upgrade to PremiumGBP 3.00Mastercard •••• 4444');
    await expect(rows[2]).toHaveTextContent('ProrationRemaining time on PremiumGBP 5.50');
    await expect(rows[3]).toHaveTextContent('ProrationUnused time on Basic−GBP 2.50');
    await expect(rows[4]).toHaveTextContent('22 October 2026BasicGBP 4.99Visa •••• 4242');
  },
};
