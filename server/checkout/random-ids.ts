import { randomString } from '../../shared/text/random-string.ts';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters drawn uniformly from [A-Za-z0-9] with the system's CSPRNG. */
export function randomAlphanumeric(length: number): string {
  return randomString(ALPHANUMERIC, length);
}

/** A Firestore-style auto id: 20 alphanumeric characters. */
export const newDocumentId = () => randomAlphanumeric(20);

/** A subscription id like Stripe's: sub_ and 24 alphanumeric characters. */
export const newSubscriptionId = () => `sub_${randomAlphanumeric(24)}`;

/**
 * A checkout session id like Stripe's test-mode ones. It is the page's only secret besides the
 * session cookie, so it must not be guessable: 48 alphanumeric characters carry 48·log2(62) ≈ 285
 * bits of randomness, well over 128.
 */
export const newCheckoutSessionId = () => `cs_test_${randomAlphanumeric(48)}`;

/** What a checkout session id looks like (the routes refuse anything else before a lookup). */
export const CHECKOUT_SESSION_ID_PATTERN = '^cs_test_[A-Za-z0-9]{48}$';

/** The single-use token of a payment's authentication step (unguessable, as the session id). */
export const newAuthenticationToken = () => `pi_auth_${randomAlphanumeric(48)}`;

/** What an authentication token looks like. */
export const AUTHENTICATION_TOKEN_PATTERN = '^pi_auth_[A-Za-z0-9]{48}$';

/** An invoice id like Stripe's: in_ and 24 alphanumeric characters. */
export const newInvoiceId = () => `in_${randomAlphanumeric(24)}`;

/** What a subscription id looks like (the routes refuse anything else before a lookup). */
export const SUBSCRIPTION_ID_PATTERN = '^sub_[A-Za-z0-9]{24}$';
