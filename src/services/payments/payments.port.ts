/** A checkout session ready to be paid. */
export interface CheckoutSession {
  sessionId: string;
  url?: string;
}

/** The payment provider's side of the browser (docs/spec.md §4, §7): leaving for its hosted checkout. */
export interface PaymentsService {
  /** Sends the browser to the hosted checkout; rejects when that cannot happen. */
  redirectToCheckout(session: CheckoutSession): Promise<void>;
}

/** Why redirectToCheckout rejects a session without a url, whichever adapter is live. */
export const NO_CHECKOUT_URL_MESSAGE = 'The checkout session has no address to go to.';
