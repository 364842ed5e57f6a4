/** What the client asks for (docs/spec.md §3: a checkout session request under the customer). */
export interface CheckoutSessionRequest {
  priceId: string;
  /** Both on the site's own origin; the server refuses others. */
  successUrl: string;
  cancelUrl: string;
}

/** What the payment side has written to the session document so far. */
export interface CheckoutSessionState {
  sessionId?: string;
  /** Where to send the customer to pay. */
  url?: string;
  /** Why no session could be made: shown as 'An error occurred: ' + message (docs/spec.md §8). */
  error?: { message: string };
}

/**
 * customers/{uid}/checkout_sessions (docs/spec.md §7): the client adds a request, then listens on that
 * document until the payment side writes a session id (and url) or an error.
 */
export interface CheckoutSessionsStore {
  /** Adds the request; resolves with the new document's id. */
  create(uid: string, request: CheckoutSessionRequest): Promise<string>;
  /**
   * Calls `onChange` with the document now and after every change, reconnecting by itself
   * after a dropped connection; `onError` when it cannot listen at all. Returns the unsubscribe.
   */
  watch(
    uid: string,
    id: string,
    onChange: (state: CheckoutSessionState) => void,
    onError: (error: Error) => void,
  ): () => void;
}
