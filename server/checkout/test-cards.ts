import { CARD_MESSAGES, type CardField, type CardProblem, type CheckedCard } from '../../shared/billing/card-checks.js';

/**
 * What charging a card that passed the checks (shared/billing/card-checks.js) does in test mode,
 * with the codes and messages of Stripe's API: only the server knows, so the page never does.
 */

const decline = (code: string, decline_code: string, message: string, param?: CardField): CardProblem =>
  param ? { status: 402, code, message, decline_code, param } : { status: 402, code, message, decline_code };

/** Stripe's test-mode declines (https://docs.stripe.com/testing#declined-payments), by number. */
export const TEST_CARD_DECLINES: Readonly<Record<string, CardProblem>> = {
  '4000000000000002': decline('card_declined', 'generic_decline', CARD_MESSAGES.declined),
  '4000000000009995': decline('card_declined', 'insufficient_funds', CARD_MESSAGES.insufficientFunds),
  '4000000000009987': decline('card_declined', 'lost_card', CARD_MESSAGES.lostCard),
  '4000000000000069': decline('expired_card', 'expired_card', CARD_MESSAGES.expiredCard),
  '4000000000000127': decline('incorrect_cvc', 'incorrect_cvc', CARD_MESSAGES.incorrectCvc, 'cvc'),
  '4000000000000119': decline('processing_error', 'processing_error', CARD_MESSAGES.processingError),
};

/** Stripe's card that always asks for 3D Secure authentication before it is charged. */
export const AUTHENTICATION_REQUIRED_CARD = '4000002500003155';

/** Failing the authentication step, in Stripe's words (HTTP 402 as a decline). */
export const AUTHENTICATION_FAILURE: CardProblem = {
  status: 402,
  code: 'payment_intent_authentication_failure',
  message: CARD_MESSAGES.authenticationFailed,
};

/**
 * Stripe's test cards (https://docs.stripe.com/testing): the declines above answer their own
 * code and message, 4000 0025 0000 3155 asks for authentication first, and every other number
 * that passes the checks (4242 4242 4242 4242, say) is charged.
 */
export function testCardOutcome(card: CheckedCard): CardProblem | 'authenticate' | null {
  if (card.digits === AUTHENTICATION_REQUIRED_CARD) return 'authenticate';
  return TEST_CARD_DECLINES[card.digits] ?? null;
}
