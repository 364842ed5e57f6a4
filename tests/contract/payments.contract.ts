import { describe, expect, it } from 'vitest';

import { NO_CHECKOUT_URL_MESSAGE, type PaymentsService } from '../../src/services/payments/payments.port.ts';

export interface PaymentsHarness {
  /** An adapter that leaves for a page through `navigate` instead of window.location. */
  create(navigate: (url: string) => void): PaymentsService;
}

/** The payments port's contract (payments.port.ts): leave for the url the session carries. */
export function paymentsContract(name: string, harness: () => PaymentsHarness) {
  describe(`payments contract: ${name}`, () => {
    it('leaves for the checkout url the session document carries', async () => {
      const visited: string[] = [];
      await harness()
        .create((url) => visited.push(url))
        .redirectToCheckout({ sessionId: 'cs_test_1', url: 'https://pay.example/cs_test_1' });
      expect(visited).toEqual(['https://pay.example/cs_test_1']);
    });

    it('rejects with a clear message when the session has no url, and stays', async () => {
      const visited: string[] = [];
      await expect(
        harness()
          .create((url) => visited.push(url))
          .redirectToCheckout({ sessionId: 'cs_test_1' }),
      ).rejects.toThrow(NO_CHECKOUT_URL_MESSAGE);
      expect(visited).toEqual([]);
    });
  });
}
