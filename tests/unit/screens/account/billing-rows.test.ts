import { describe, expect, it } from 'vitest';

import { billingRows } from '../../../../src/screens/account/billing-logic';
import type { Invoice } from '../../../../src/services/account-store/billing.port';

const card = { brand: 'visa', last4: '4242' };

describe('billingRows', () => {
  it('names an upgrade’s charge as one, with its proration as lines of its own (a credit negative)', () => {
    const invoices: Invoice[] = [
      {
        id: 'in_2',
        created: Date.UTC(2026, 10, 6) / 1000,
        planName: 'Premium',
        amount: 300,
        currency: 'gbp',
        card,
        lines: [
          { description: 'Remaining time on Premium', amount: 550, proration: true },
          { description: 'Unused time on Basic', amount: -250, proration: true },
        ],
      },
      {
        id: 'in_1',
        created: Date.UTC(2026, 9, 22) / 1000,
        planName: 'Basic',
        amount: 499,
        currency: 'gbp',
        card: null,
        lines: [{ description: 'Basic', amount: 499, proration: false }],
      },
    ];
    expect(billingRows(invoices)).toEqual([
      {
        id: 'in_2',
        date: '6 November 2026',
        plan: 'Upgrade to Premium',
        amount: 'GBP 3.00',
        card: 'Visa •••• 4242',
        lines: [
          { description: 'Remaining time on Premium', amount: 'GBP 5.50' },
          { description: 'Unused time on Basic', amount: '−GBP 2.50' },
        ],
      },
      { id: 'in_1', date: '22 October 2026', plan: 'Basic', amount: 'GBP 4.99', card: null },
    ]);
  });
});
