/** Stripe's always-succeeding test card, as the hosted test-mode checkout page takes it. */
export const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ann Viewer' };

/** One JSON request as a signed-in browser of the server's own origin sends it, and its answer. */
export type ApiCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

/**
 * Pays `price` for account `uid` through the real API, as the app and the hosted checkout page
 * do: a checkout session requested (201), its sessionId once the server has processed it, then the
 * test card (200). Throws, naming the answer, when any step is refused.
 */
export async function payOnTestCheckout(call: ApiCall, origin: string, uid: string, price: string): Promise<void> {
  const sessions = `/api/documents/customers/${uid}/checkout_sessions`;
  const requested = await call('POST', sessions, {
    price,
    success_url: `${origin}/`,
    cancel_url: `${origin}/change-plan`,
  });
  if (requested.status !== 201)
    throw new Error(`checkout request answered ${requested.status}: ${JSON.stringify(requested.body)}`);
  const { id } = requested.body as { id: string };
  let sessionId: string | undefined;
  for (let attempt = 0; attempt < 400 && !sessionId; attempt++) {
    const read = await call('GET', `${sessions}/${id}`);
    sessionId = (read.body as { session?: { sessionId?: string } }).session?.sessionId;
    if (!sessionId) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!sessionId) throw new Error('The checkout session was never opened.');
  const paid = await call('POST', `/checkout/${sessionId}/pay`, TEST_CARD);
  if (paid.status !== 200) throw new Error(`payment answered ${paid.status}: ${JSON.stringify(paid.body)}`);
}
