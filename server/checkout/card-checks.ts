/**
 * The card checks of the hosted checkout, with Stripe's error codes and messages (Stripe.js
 * Elements for what is typed, the API's for declines). The page runs the same checks as the
 * customer types (page/checkout.js); these run again on the server, which never trusts the page.
 */

/** The fields of a card as the pay endpoint receives them. `expiry` is typed as "MM / YY". */
export interface CardInput {
  number?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';

export interface CardProblem {
  /** 400 for what was typed, 402 for a decline. */
  status: 400 | 402;
  code: string;
  message: string;
  /** The field to fix; declines name none, except an incorrect CVC (as Stripe's API does). */
  param?: CardField;
  /** The issuer's reason for a decline, as Stripe's API gives it. */
  decline_code?: string;
}

/** A card that passed the checks: only what may be kept (never the number or CVC). */
export interface CheckedCard {
  brand: CardBrand;
  last4: string;
  /** The number's digits, for the test-card outcome; not to be stored. */
  digits: string;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

export const CARD_MESSAGES = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  invalidExpiry: "Your card's expiration date is invalid.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  incompleteCvc: "Your card's security code is incomplete.",
  invalidCvc: "Your card's security code is invalid.",
  incompleteName: 'Please enter the name on your card.',
  nameTooLong: 'The name on your card can be at most 100 characters.',
  nameControlCharacters: 'The name on your card cannot contain control characters.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  lostCard: 'Your card has been declined.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

const MAX_NAME_LENGTH = 100;
/** Stripe refuses expiry years more than 50 years ahead. */
const MAX_YEARS_AHEAD = 50;

const problem = (code: string, message: string, param: CardField): CardProblem => ({
  status: 400,
  code,
  message,
  param,
});

/** The Luhn (mod 10) checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network, from the number's leading digits (IIN ranges). */
export function cardBrand(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^(6011|64[4-9]|65)/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

function checkNumber(raw: string | undefined): { digits: string } | CardProblem {
  const digits = (raw ?? '').replace(/\s+/g, '');
  if (digits === '') return problem('incomplete_number', CARD_MESSAGES.incompleteNumber, 'number');
  if (!/^\d+$/.test(digits)) return problem('invalid_number', CARD_MESSAGES.invalidNumber, 'number');
  if (digits.length < 12) return problem('incomplete_number', CARD_MESSAGES.incompleteNumber, 'number');
  if (digits.length > 19 || !passesLuhn(digits))
    return problem('invalid_number', CARD_MESSAGES.invalidNumber, 'number');
  return { digits };
}

/**
 * "MM / YY" as typed: the spaces and slash are optional ("12/34", "1234"), and a four-digit year
 * is read as written ("12 / 2034"). A card is good until the end of its expiry month, in UTC.
 */
function checkExpiry(raw: string | undefined, now: number): CardProblem | null {
  const text = (raw ?? '').trim();
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text);
  // "12 /" or "1" is a date still being typed.
  if (!match || (match[1]!.length === 1 && !text.includes('/'))) {
    return /^[\d\s/]*$/.test(text)
      ? problem('incomplete_expiry', CARD_MESSAGES.incompleteExpiry, 'expiry')
      : problem('invalid_expiry', CARD_MESSAGES.invalidExpiry, 'expiry');
  }
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return problem('invalid_expiry_month', CARD_MESSAGES.invalidExpiryMonth, 'expiry');
  const today = new Date(now);
  const thisYear = today.getUTCFullYear();
  if (year < thisYear) return problem('invalid_expiry_year_past', CARD_MESSAGES.expiryPast, 'expiry');
  if (year === thisYear && month < today.getUTCMonth() + 1) {
    return problem('invalid_expiry_month_past', CARD_MESSAGES.expiryPast, 'expiry');
  }
  if (year > thisYear + MAX_YEARS_AHEAD)
    return problem('invalid_expiry_year', CARD_MESSAGES.invalidExpiryYear, 'expiry');
  return null;
}

/** Three digits; four for American Express, whose code is printed on the front. */
function checkCvc(raw: string | undefined, brand: CardBrand): CardProblem | null {
  const cvc = (raw ?? '').trim();
  const length = brand === 'amex' ? 4 : 3;
  if (!/^\d*$/.test(cvc) || cvc.length > length) return problem('invalid_cvc', CARD_MESSAGES.invalidCvc, 'cvc');
  if (cvc.length < length) return problem('incomplete_cvc', CARD_MESSAGES.incompleteCvc, 'cvc');
  return null;
}

function checkName(raw: string | undefined): CardProblem | null {
  const name = (raw ?? '').trim();
  if (name === '' || /^[\p{White_Space}\p{Cf}]*$/u.test(name)) {
    return problem('incomplete_name', CARD_MESSAGES.incompleteName, 'name');
  }
  if ([...name].length > MAX_NAME_LENGTH) return problem('invalid_name', CARD_MESSAGES.nameTooLong, 'name');
  if (/[\p{Cc}\p{Cs}]/u.test(name)) return problem('invalid_name', CARD_MESSAGES.nameControlCharacters, 'name');
  return null;
}

/** The first problem with what was typed, field by field in the form's order, or the card. */
export function checkCard(input: CardInput, now: number): CheckedCard | CardProblem {
  const number = checkNumber(input.number);
  if ('code' in number) return number;
  const brand = cardBrand(number.digits);
  const other = checkExpiry(input.expiry, now) ?? checkCvc(input.cvc, brand) ?? checkName(input.name);
  if (other) return other;
  return { brand, last4: number.digits.slice(-4), digits: number.digits };
}

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

export const isCardProblem = (value: CheckedCard | CardProblem): value is CardProblem => 'code' in value;
