import { describe, expect, it } from 'vitest';

import type { PlansStore } from '../../src/services/account-store/plans.port.ts';

export interface PlansCustomer {
  uid: string;
  plans: PlansStore;
}

export interface PlansHarness {
  newCustomer(): Promise<PlansCustomer>;
  /** Makes `customer` an active subscriber of the seeded Standard plan, as a paid checkout does. */
  subscribeToStandard(customer: PlansCustomer): Promise<void>;
}

/** The plans port's contract (plans.port.ts): the seeded catalogue, as the extension's documents. */
export function plansContract(name: string, harness: () => PlansHarness) {
  describe(`plans contract: ${name}`, () => {
    it('lists the active plans cheapest first, with their monthly prices, never the retired one', async () => {
      const { plans } = await harness().newCustomer();
      const list = await plans.listPlans();
      expect(list.map((plan) => [plan.name, plan.role])).toEqual([
        ['Basic', 'basic'],
        ['Standard', 'standard'],
        ['Premium', 'premium'],
      ]);
      expect(list[1]).toEqual({
        id: 'prod_MqStandardPlan01',
        name: 'Standard',
        description: expect.stringContaining('two screens'),
        role: 'standard',
        prices: [
          { id: 'price_1MqStandardMonthlyGbp', currency: 'gbp', unitAmount: 699, interval: 'month', intervalCount: 1 },
        ],
        // From the product record's metadata, not the client.
        entitlements: { maxHeight: 1080, screens: 2 },
      });
    });

    it('has no current subscription before any checkout', async () => {
      const customer = await harness().newCustomer();
      expect(await customer.plans.currentSubscription(customer.uid)).toBeNull();
    });

    it('reads the active subscription: role, price, product and its period in seconds', async () => {
      const h = harness();
      const customer = await h.newCustomer();
      await h.subscribeToStandard(customer);
      const subscription = await customer.plans.currentSubscription(customer.uid);
      expect(subscription).toEqual({
        id: expect.any(String),
        role: 'standard',
        status: 'active',
        priceId: 'price_1MqStandardMonthlyGbp',
        productId: 'prod_MqStandardPlan01',
        currentPeriodStart: expect.any(Number),
        currentPeriodEnd: expect.any(Number),
        cancelAtPeriodEnd: false,
        scheduledChange: null,
      });
      expect(subscription!.currentPeriodEnd).toBeGreaterThan(subscription!.currentPeriodStart);
      expect(Math.abs(subscription!.currentPeriodStart - Date.now() / 1000)).toBeLessThan(24 * 3600);
    });

    it("refuses another customer's subscriptions", async () => {
      const ann = await harness().newCustomer();
      const bob = await harness().newCustomer();
      await expect(bob.plans.currentSubscription(ann.uid)).rejects.toThrow();
    });
  });
}
