import { describe, expect, it } from 'vitest';

import { PLAN_CHANGED_MESSAGE } from '../../shared/billing/billing.schema.ts';
import type { BillingStore } from '../../src/services/account-store/billing.port.ts';
import type { PlansStore } from '../../src/services/account-store/plans.port.ts';

export interface BillingCustomer {
  uid: string;
  billing: BillingStore;
  plans: PlansStore;
}

export interface BillingHarness {
  newCustomer(): Promise<BillingCustomer>;
  /** Makes `customer` an active subscriber of the seeded Standard plan, as a paid checkout does. */
  subscribeToStandard(customer: BillingCustomer): Promise<void>;
  /**
   * What the payment provider's portal does after the adapter left for it ('redirected'): sets the
   * subscription's cancel_at_period_end. Not called when the adapter made the change itself ('done').
   */
  portal(customer: BillingCustomer, cancelAtPeriodEnd: boolean): Promise<void>;
}

const subscriptionOf = async (customer: BillingCustomer) => {
  const subscription = await customer.plans.currentSubscription(customer.uid);
  expect(subscription).not.toBeNull();
  return subscription!;
};

/** The billing port's contract (billing.port.ts) on either backend. */
export function billingContract(name: string, harness: () => BillingHarness) {
  describe(`billing contract: ${name}`, () => {
    it('has no charges before any checkout', async () => {
      const customer = await harness().newCustomer();
      expect(await customer.billing.listInvoices(customer.uid)).toEqual([]);
    });

    it('lists the paid subscription’s charge: date, plan, amount and currency (card when the provider tells)', async () => {
      const h = harness();
      const customer = await h.newCustomer();
      await h.subscribeToStandard(customer);
      const [invoice, ...rest] = await customer.billing.listInvoices(customer.uid);
      expect(rest).toEqual([]);
      expect(invoice).toMatchObject({ planName: 'Standard', amount: 699, currency: 'gbp' });
      expect(Math.abs(invoice!.created - Date.now() / 1000)).toBeLessThan(24 * 3600);
      if (invoice!.card) expect(invoice!.card).toEqual({ brand: 'visa', last4: '4242' });
    });

    it('cancels at the period’s end and restarts, as the subscription then reads', async () => {
      const h = harness();
      const customer = await h.newCustomer();
      await h.subscribeToStandard(customer);
      const { id, currentPeriodEnd } = await subscriptionOf(customer);

      const canceled = await customer.billing.setCancelAtPeriodEnd(customer.uid, id, true);
      if (canceled === 'redirected') await h.portal(customer, true);
      // Where the provider's portal cancels, it asks first, and the port says so (the page then does not).
      expect(customer.billing.confirmsCancellation === true).toBe(canceled === 'redirected');
      expect(await subscriptionOf(customer)).toMatchObject({
        id,
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd,
      });

      const restarted = await customer.billing.setCancelAtPeriodEnd(customer.uid, id, false);
      if (restarted === 'redirected') await h.portal(customer, false);
      expect(await subscriptionOf(customer)).toMatchObject({ id, cancelAtPeriodEnd: false });
    });

    it('refuses a Keep or a downgrade chosen against a plan the subscription has since left, in words a person understands', async () => {
      const h = harness();
      const customer = await h.newCustomer();
      await h.subscribeToStandard(customer);
      const { id, priceId } = await subscriptionOf(customer);
      const plans = await customer.plans.listPlans();
      const price = (name: string) => plans.find((plan) => plan.name === name)!.prices[0]!.id;
      // Chosen on a page that still showed Premium as the current plan.
      const stale = customer.billing.scheduleChange(customer.uid, id, price('Basic'), price('Premium'));
      if (customer.billing.confirmsCancellation) {
        // Hosted: the provider's portal makes every change, against the subscription as it is.
        expect(await stale).toBe('redirected');
        return;
      }
      await expect(stale).rejects.toThrow(PLAN_CHANGED_MESSAGE);
      expect(await subscriptionOf(customer)).toMatchObject({ priceId, scheduledChange: null });
      // Chosen against the plan it is on, the same downgrade is made.
      expect(await customer.billing.scheduleChange(customer.uid, id, price('Basic'), priceId!)).toBe('done');
      expect((await subscriptionOf(customer)).scheduledChange).toMatchObject({ priceId: price('Basic') });
    });

    it("refuses another customer's history", async () => {
      const h = harness();
      const ann = await h.newCustomer();
      await h.subscribeToStandard(ann);
      const bob = await h.newCustomer();
      await expect(bob.billing.listInvoices(ann.uid)).rejects.toThrow();
    });
  });
}
