import { expect } from 'vitest';

import { createHostedBilling } from '../../src/services/account-store/hosted-billing.ts';
import { createHostedPlans } from '../../src/services/account-store/hosted-plans.ts';
import { billingContract } from './billing.contract.ts';
import { newUid, useHostedFirestore } from './support/hosted-firestore.ts';

const firestore = useHostedFirestore();
const subscriptionId = (uid: string) => `sub_test_${uid.slice(0, 8)}`;

billingContract('hosted adapter, Firestore emulator with the Stripe extension played', () => ({
  async newCustomer() {
    const uid = newUid();
    const visited: string[] = [];
    const billing = createHostedBilling(firestore.client(uid), {
      // The extension's callable answers with a portal session's address, for this customer only.
      createPortalLink: async (returnUrl) => `https://billing.stripe.com/p/session/test_${uid}?return=${returnUrl}`,
      navigate: (url) => visited.push(url),
      returnUrl: () => 'http://localhost/account',
    });
    return { uid, billing: { ...billing, visited } as typeof billing, plans: createHostedPlans(firestore.client(uid)) };
  },
  // What the extension writes when Stripe reports a paid subscription and its invoice (webhooks).
  async subscribeToStandard({ uid }) {
    const now = Math.floor(Date.now() / 1000);
    const sub = `customers/${uid}/subscriptions/${subscriptionId(uid)}`;
    firestore.write(sub, {
      role: 'standard',
      status: 'active',
      price: 'price_1MqStandardMonthlyGbp',
      product: 'prod_MqStandardPlan01',
      quantity: 1,
      cancel_at_period_end: false,
      created: { seconds: now },
      current_period_start: { seconds: now },
      current_period_end: { seconds: now + 31 * 24 * 3600 },
    });
    firestore.write(`${sub}/invoices/in_test_${uid.slice(0, 8)}`, {
      status: 'paid',
      amount_paid: 699,
      currency: 'gbp',
      created: now,
      billing_reason: 'subscription_create',
      lines: {
        data: { 0: { description: '1 × Standard (at £6.99 / month)', price: { product: 'prod_MqStandardPlan01' } } },
      },
    });
  },
  // Stripe's customer portal sets the field; the extension's webhook handler copies it to the document.
  async portal(customer, cancelAtPeriodEnd) {
    const visited = (customer.billing as unknown as { visited: string[] }).visited;
    expect(visited.at(-1)).toBe(
      `https://billing.stripe.com/p/session/test_${customer.uid}?return=http://localhost/account`,
    );
    firestore.write(
      `customers/${customer.uid}/subscriptions/${subscriptionId(customer.uid)}`,
      { cancel_at_period_end: cancelAtPeriodEnd },
      true,
    );
  },
}));
