import { describe, expect, it } from 'vitest';

import { createHostedPayments } from '../../src/services/payments/hosted-payments.ts';
import { paymentsContract } from './payments.contract.ts';

paymentsContract('hosted adapter (Stripe Checkout url from the extension)', () => ({
  create: (navigate) =>
    createHostedPayments({ publishableKey: 'pk_test_contract', loadStripe: async () => ({}), navigate }),
}));

describe('hosted payments: Stripe.js', () => {
  it('is loaded only when a checkout starts, once, with the publishable key', async () => {
    const loads: string[] = [];
    const payments = createHostedPayments({
      publishableKey: 'pk_test_contract',
      loadStripe: async (key) => loads.push(key),
      navigate: () => {},
    });
    expect(loads).toEqual([]);
    await payments.redirectToCheckout({ sessionId: 'cs_1', url: 'https://checkout.stripe.com/c/pay/cs_1' });
    await payments.redirectToCheckout({ sessionId: 'cs_2', url: 'https://checkout.stripe.com/c/pay/cs_2' });
    expect(loads).toEqual(['pk_test_contract']);
  });

  it('still leaves for the checkout when Stripe.js cannot load (blocked) or is slow', async () => {
    const visited: string[] = [];
    const blocked = createHostedPayments({
      publishableKey: 'pk',
      loadStripe: () => Promise.reject(new Error('blocked')),
      navigate: (u) => visited.push(u),
    });
    await blocked.redirectToCheckout({ sessionId: 'cs_1', url: 'https://checkout.stripe.com/1' });
    const slow = createHostedPayments({
      publishableKey: 'pk',
      loadStripe: () => new Promise(() => {}),
      navigate: (u) => visited.push(u),
      loadTimeoutMs: 50,
    });
    await slow.redirectToCheckout({ sessionId: 'cs_2', url: 'https://checkout.stripe.com/2' });
    expect(visited).toEqual(['https://checkout.stripe.com/1', 'https://checkout.stripe.com/2']);
  });
});
