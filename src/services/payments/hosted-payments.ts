import { NO_CHECKOUT_URL_MESSAGE, type PaymentsService } from './payments.port';

export interface HostedPaymentsOptions {
  publishableKey: string;
  /** Loads Stripe.js (from js.stripe.com); the default imports @stripe/stripe-js on first use. */
  loadStripe?: (publishableKey: string) => Promise<unknown>;
  /** Leaves for the checkout page; window.location.assign by default. */
  navigate?: (url: string) => void;
  /** How long to wait for Stripe.js before leaving without it. */
  loadTimeoutMs?: number;
}

/**
 * Stripe Checkout through the Stripe Firebase extension. Current Stripe.js has no
 * redirectToCheckout, so the browser goes to the `url` the extension writes to the session
 * document. Stripe.js is loaded only when a checkout starts, so that Stripe sees the page
 * before the customer leaves for it; a blocked or slow script does not stop the payment.
 */
export function createHostedPayments({
  publishableKey,
  loadStripe = (key) => import('@stripe/stripe-js').then((stripe) => stripe.loadStripe(key)),
  navigate = (url) => window.location.assign(url),
  loadTimeoutMs = 3000,
}: HostedPaymentsOptions): PaymentsService {
  let loading: Promise<unknown> | undefined;
  return {
    async redirectToCheckout(session) {
      if (!session.url) throw new Error(NO_CHECKOUT_URL_MESSAGE);
      loading ??= loadStripe(publishableKey).catch(() => undefined);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([loading, new Promise((resolve) => (timer = setTimeout(resolve, loadTimeoutMs)))]);
      clearTimeout(timer);
      navigate(session.url);
    },
  };
}
