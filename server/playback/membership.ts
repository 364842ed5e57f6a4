import { type Entitlements, entitlementsOf } from '../../shared/billing/entitlements.ts';
import type { ProductsRepository } from '../checkout/products-repository.ts';
import type { SubscriptionsRepository } from '../checkout/subscriptions-repository.ts';

/**
 * What the account's membership lets it watch now: its plan's entitlements while the membership
 * is active (renewed, or cancelled with time left in the paid period), or null — no plan, a lapsed
 * or ended one, or a plan whose record names no entitlements. Reading brings the subscription up
 * to date first (a renewal or lapse that time has made due), as every other reader does.
 */
export async function membershipOf(
  checkout: { subscriptions: SubscriptionsRepository; products: ProductsRepository },
  uid: string,
): Promise<Entitlements | null> {
  const [subscription] = await checkout.subscriptions.list(uid);
  if (!subscription || subscription.status !== 'active') return null;
  return entitlementsOf(checkout.products.findProduct(subscription.product)?.metadata);
}

/**
 * What a hosted (Firebase) user's membership lets them watch: the entitlements of the plan whose
 * `firebaseRole` is their ID token's `stripeRole` claim, which the Stripe extension sets while a
 * subscription is active and removes when it ends; null without a claim or such a plan. The claim
 * is as fresh as the token: one minted before a cancellation counts until it expires (an hour).
 */
export function membershipOfRole(products: ProductsRepository, stripeRole: string | null): Entitlements | null {
  if (stripeRole === null) return null;
  return entitlementsOf(products.findByFirebaseRole(stripeRole)?.metadata);
}
