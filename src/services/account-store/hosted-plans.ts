import { collection, type Firestore, getDocs, query, where } from 'firebase/firestore';

import { entitlementsOf } from '../../../shared/billing/entitlements';
import { firestoreError } from '../firebase/firestore-errors';
import type { Plan, PlansStore, Price, Subscription } from './plans.port';

/** The subscription statuses that make a plan current (as the extension's own client reads them). */
const CURRENT_STATUSES = ['active', 'trialing'];

interface Seconds {
  seconds: number;
}

/** The extension stores price and product as document references; the embedded server as ids. */
const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String(value.id) : null;

/**
 * The plans port over the Stripe Firebase extension's documents in Cloud Firestore: products
 * where active == true with their active recurring prices, and customers/{uid}/subscriptions.
 */
export function createHostedPlans(db: Firestore): PlansStore {
  const attempt = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw firestoreError(error);
    }
  };
  return {
    listPlans: () =>
      attempt(async () => {
        const products = await getDocs(query(collection(db, 'products'), where('active', '==', true)));
        const plans = await Promise.all(
          products.docs.map(async (product): Promise<Plan> => {
            const prices = await getDocs(
              query(collection(db, 'products', product.id, 'prices'), where('active', '==', true)),
            );
            const data = product.data();
            // The extension copies the Stripe product's metadata into `metadata` (and stripe_metadata_* fields).
            const metadata =
              data.metadata && typeof data.metadata === 'object'
                ? (data.metadata as Record<string, string>)
                : undefined;
            return {
              id: product.id,
              name: String(data.name ?? ''),
              description: String(data.description ?? ''),
              role: String(data.role ?? data.stripe_metadata_firebaseRole ?? ''),
              prices: prices.docs.flatMap((price): Price[] => {
                const p = price.data();
                return p.type === 'recurring' && typeof p.interval === 'string'
                  ? [
                      {
                        id: price.id,
                        currency: String(p.currency),
                        unitAmount: Number(p.unit_amount),
                        interval: p.interval,
                        intervalCount: Number(p.interval_count ?? 1),
                      },
                    ]
                  : [];
              }),
              entitlements: entitlementsOf(metadata),
            };
          }),
        );
        const cheapest = (plan: Plan) => Math.min(...plan.prices.map((price) => price.unitAmount));
        return plans.filter((plan) => plan.prices.length > 0).sort((a, b) => cheapest(a) - cheapest(b));
      }),
    currentSubscription: (uid) =>
      attempt(async () => {
        const snapshot = await getDocs(
          query(collection(db, 'customers', uid, 'subscriptions'), where('status', 'in', CURRENT_STATUSES)),
        );
        const seconds = (value: unknown) => (value as Seconds | undefined)?.seconds ?? 0;
        const latest = snapshot.docs.sort((a, b) => seconds(b.get('created')) - seconds(a.get('created')))[0];
        if (!latest) return null;
        const data = latest.data();
        const subscription: Subscription = {
          id: latest.id,
          role: String(data.role ?? ''),
          status: String(data.status),
          priceId: idOf(data.price),
          productId: idOf(data.product),
          currentPeriodStart: seconds(data.current_period_start),
          currentPeriodEnd: seconds(data.current_period_end),
          cancelAtPeriodEnd: data.cancel_at_period_end === true,
          // The extension keeps no subscription schedule: a downgrade made in Stripe's portal shows once applied.
          scheduledChange: null,
        };
        return subscription;
      }),
  };
}
