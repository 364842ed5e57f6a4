import type { PriceDocument, ProductDocument } from '../../shared/billing/billing.schema.ts';
import { entitlementsMetadata, FIREBASE_ROLE_KEY } from '../../shared/billing/entitlements.ts';

const monthly = (id: string, unitAmount: number): PriceDocument => ({
  id,
  active: true,
  currency: 'gbp',
  unit_amount: unitAmount,
  type: 'recurring',
  interval: 'month',
  interval_count: 1,
});

/**
 * The plans Marquee offers. Ids are stable (subscriptions and clients keep them), so change a
 * plan by editing it here, and retire one by setting `active: false` rather than removing it.
 * The loader (load-products.ts) upserts this list at start whenever it changes. The Stripe
 * products are made from it too (docs/deploy.md): `firebaseRole` in the metadata is the role the
 * Stripe extension gives a subscriber (the `stripeRole` claim), the same as `role`.
 */
export const PRODUCTS_SEED: readonly ProductDocument[] = [
  {
    id: 'prod_MqBasicPlan01',
    name: 'Basic',
    description: 'Watch on one screen at a time in HD (720p) on your phone, tablet, computer or TV.',
    active: true,
    role: 'basic',
    images: [],
    metadata: { ...entitlementsMetadata({ maxHeight: 720, screens: 1 }), [FIREBASE_ROLE_KEY]: 'basic' },
    prices: [monthly('price_1MqBasicMonthlyGbp', 499)],
  },
  {
    id: 'prod_MqStandardPlan01',
    name: 'Standard',
    description: 'Watch on two screens at a time in Full HD (1080p), and download on two phones or tablets.',
    active: true,
    role: 'standard',
    images: [],
    metadata: { ...entitlementsMetadata({ maxHeight: 1080, screens: 2 }), [FIREBASE_ROLE_KEY]: 'standard' },
    prices: [monthly('price_1MqStandardMonthlyGbp', 699)],
  },
  {
    id: 'prod_MqPremiumPlan01',
    name: 'Premium',
    description: 'Watch on four screens at a time in Ultra HD (4K) with HDR, and download on six phones or tablets.',
    active: true,
    role: 'premium',
    images: [],
    metadata: { ...entitlementsMetadata({ maxHeight: 2160, screens: 4 }), [FIREBASE_ROLE_KEY]: 'premium' },
    prices: [monthly('price_1MqPremiumMonthlyGbp', 1099)],
  },
  {
    // Retired: kept so that old subscriptions still name it. Its price stays active, as Stripe
    // leaves it when a product is archived; the product's own flag keeps it from being listed or
    // checked out.
    id: 'prod_MqStandardAds01',
    name: 'Standard with adverts (retired)',
    description:
      'Watch on two screens at a time in Full HD (1080p), with adverts before and during most films and programmes.',
    active: false,
    role: 'standard_with_adverts',
    images: [],
    metadata: { [FIREBASE_ROLE_KEY]: 'standard_with_adverts' },
    prices: [monthly('price_1MqStandardAdsGbp', 299)],
  },
];
