/**
 * What a plan lets an account do, kept in its product record's `metadata` as Stripe keeps product
 * metadata (strings): `max_height` (the tallest picture, in lines) and `screens` (how many may
 * play at once). The server enforces them (server/playback/); /change-plan shows them.
 */
export interface Entitlements {
  /** The tallest rendition the plan plays: 720, 1080, 2160. */
  maxHeight: number;
  /** Screens that may play at the same time. */
  screens: number;
}

/** The metadata keys, as the product records carry them. */
export const ENTITLEMENT_KEYS = { maxHeight: 'max_height', screens: 'screens' } as const;

/**
 * The product metadata key the Stripe extension (firestore-stripe-payments) reads a plan's role
 * from: while a subscription to the product is active, the user's custom claims carry it as
 * `stripeRole`. The hosted media host finds the plan by it.
 */
export const FIREBASE_ROLE_KEY = 'firebaseRole';

const positive = (value: string | undefined): number | null => {
  if (value === undefined || !/^[1-9][0-9]{0,4}$/.test(value)) return null;
  return Number(value);
};

/** A product's entitlements from its metadata; null when either is missing or malformed (such a plan grants nothing). */
export function entitlementsOf(metadata: Readonly<Record<string, string>> | undefined): Entitlements | null {
  const maxHeight = positive(metadata?.[ENTITLEMENT_KEYS.maxHeight]);
  const screens = positive(metadata?.[ENTITLEMENT_KEYS.screens]);
  return maxHeight && screens ? { maxHeight, screens } : null;
}

/** The metadata that records `entitlements` in a product. */
export const entitlementsMetadata = ({ maxHeight, screens }: Entitlements): Record<string, string> => ({
  [ENTITLEMENT_KEYS.maxHeight]: String(maxHeight),
  [ENTITLEMENT_KEYS.screens]: String(screens),
});

/** How the service names a resolution: "HD (720p)", "Full HD (1080p)", "Ultra HD (4K)". */
export function resolutionName(maxHeight: number): string {
  if (maxHeight >= 2160) return 'Ultra HD (4K)';
  if (maxHeight >= 1080) return 'Full HD (1080p)';
  if (maxHeight >= 720) return 'HD (720p)';
  return `SD (${maxHeight}p)`;
}
