import { describe, expect, it, vi } from 'vitest';

import type { BillingStore } from '../../../src/services/account-store/billing.port.ts';
import type { CheckoutSessionsStore } from '../../../src/services/account-store/checkout-sessions.port.ts';
import { createLazyMembership } from '../../../src/services/account-store/lazy-membership.ts';
import type { Membership } from '../../../src/services/account-store/local-membership.ts';
import type { PlansStore } from '../../../src/services/account-store/plans.port.ts';

const plan = { id: 'standard', name: 'Standard', description: '', role: 'standard', prices: [], entitlements: null };

function fakeMembership() {
  const stop = vi.fn();
  const plans: PlansStore = { listPlans: vi.fn(async () => [plan]), currentSubscription: vi.fn(async () => null) };
  const checkoutSessions: CheckoutSessionsStore = {
    create: vi.fn(async () => 'session-1'),
    watch: vi.fn((_uid, _id, onChange) => {
      onChange({ sessionId: 'cs_1' });
      return stop;
    }),
  };
  const billing: BillingStore = {
    listInvoices: vi.fn(async () => []),
    setCancelAtPeriodEnd: vi.fn(async () => 'done' as const),
    scheduleChange: vi.fn(async () => 'done' as const),
    paymentMethod: {
      get: vi.fn(async () => ({ brand: 'visa', last4: '4242' })),
      update: vi.fn(async () => ({ brand: 'visa', last4: '1881' })),
    },
  };
  return { membership: { plans, checkoutSessions, billing } satisfies Membership, stop };
}

describe('createLazyMembership', () => {
  it('loads nothing until a store is called, then loads once and passes every call on', async () => {
    const { membership } = fakeMembership();
    const load = vi.fn(async () => membership);
    const lazy = createLazyMembership(load);
    expect(load).not.toHaveBeenCalled();

    await expect(lazy.plans.listPlans()).resolves.toEqual([plan]);
    await expect(lazy.plans.currentSubscription('u1')).resolves.toBeNull();
    await expect(lazy.checkoutSessions.create('u1', { priceId: 'p', successUrl: '/s', cancelUrl: '/c' })).resolves.toBe(
      'session-1',
    );
    await expect(lazy.billing.setCancelAtPeriodEnd('u1', 'sub', true)).resolves.toBe('done');
    await expect(lazy.billing.scheduleChange('u1', 'sub', 'p2', 'p1')).resolves.toBe('done');
    await expect(lazy.billing.paymentMethod?.get('u1')).resolves.toEqual({ brand: 'visa', last4: '4242' });
    const card = { number: '4000 0566 5566 5556', expiry: '12 / 30', cvc: '123', name: 'A' };
    await expect(lazy.billing.paymentMethod?.update('u1', card)).resolves.toEqual({ brand: 'visa', last4: '1881' });

    expect(load).toHaveBeenCalledTimes(1);
    expect(membership.plans.currentSubscription).toHaveBeenCalledWith('u1');
    expect(membership.billing.scheduleChange).toHaveBeenCalledWith('u1', 'sub', 'p2', 'p1');
    expect(membership.billing.paymentMethod?.update).toHaveBeenCalledWith('u1', card);
  });

  it('watches a checkout session once loaded, and stops it', async () => {
    const { membership, stop } = fakeMembership();
    const lazy = createLazyMembership(async () => membership);
    const onChange = vi.fn();
    const unsubscribe = lazy.checkoutSessions.watch('u1', 's1', onChange, vi.fn());
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith({ sessionId: 'cs_1' }));
    unsubscribe();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('never starts a watch that was stopped before the adapters arrived', async () => {
    const { membership } = fakeMembership();
    const lazy = createLazyMembership(async () => membership);
    lazy.checkoutSessions.watch('u1', 's1', vi.fn(), vi.fn())();
    await lazy.plans.listPlans();
    expect(membership.checkoutSessions.watch).not.toHaveBeenCalled();
  });

  it('says when the adapters could not be loaded, and tries again on the next call', async () => {
    const { membership } = fakeMembership();
    const load = vi.fn<() => Promise<Membership>>().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    load.mockResolvedValue(membership);
    const lazy = createLazyMembership(load);
    const onError = vi.fn();
    lazy.checkoutSessions.watch('u1', 's1', vi.fn(), onError);
    await vi.waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onError.mock.calls[0][0].message).toMatch(/Could not reach Marquee/);

    await expect(lazy.billing.listInvoices('u1')).resolves.toEqual([]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
