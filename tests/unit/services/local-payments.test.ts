import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createLocalPayments } from '../../../src/services/payments/local-payments.ts';

const CHECKOUT_URL = 'http://localhost:3000/checkout/cs_test_a1B2c3D4e5F6';

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  // jsdom's Location cannot be navigated or spied on; a stand-in records where the browser goes.
  assign = vi.fn<(url: string | URL) => void>();
  vi.stubGlobal('location', { ...window.location, href: 'http://localhost:3000/change-plan', assign });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('local payments: redirectToCheckout', () => {
  it("sends the browser to the session's url and resolves", async () => {
    await expect(
      createLocalPayments().redirectToCheckout({ sessionId: 'cs_test_a1B2c3D4e5F6', url: CHECKOUT_URL }),
    ).resolves.toBeUndefined();

    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(CHECKOUT_URL);
  });

  it.each([
    ['no url', { sessionId: 'cs_test_a1B2c3D4e5F6' }],
    ['an empty url', { sessionId: 'cs_test_a1B2c3D4e5F6', url: '' }],
  ])('rejects a session with %s, and stays on the page', async (_name, session) => {
    await expect(createLocalPayments().redirectToCheckout(session)).rejects.toThrow(
      new Error('The checkout session has no address to go to.'),
    );

    expect(assign).not.toHaveBeenCalled();
  });
});
