// The card checks of the hosted checkout, with Stripe's error codes and messages (Stripe.js
// Elements' for what is typed). One definition for both sides: the server imports it and checks
// every payment again (it never trusts the page), and the checkout page loads this very file as
// an ES module (server/checkout/page-routes.ts) to check each field as the customer types. So it
// is plain JavaScript with no imports, and its types sit beside it in card-checks.d.ts.

/** The longest name on a card, in characters (the page's input carries it as maxlength). */
export const MAX_CARD_NAME_LENGTH = 100;

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
  nameTooLong: `The name on your card can be at most ${MAX_CARD_NAME_LENGTH} characters.`,
  nameControlCharacters: 'The name on your card cannot contain control characters.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  lostCard: 'Your card has been declined.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** Stripe refuses expiry years more than 50 years ahead. */
const MAX_YEARS_AHEAD = 50;

const problem = (code, message, param) => ({ status: 400, code, message, param });

/** A card number as typed, without its spaces. */
export const cardDigits = (raw) => (raw ?? '').replace(/\s+/g, '');

/** The Luhn (mod 10) checksum every card number carries in its last digit. */
export function passesLuhn(digits) {
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
export function cardBrand(digits) {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^(6011|64[4-9]|65)/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** The security code's length: four digits for American Express, printed on the front; three for the rest. */
export const cvcLength = (brand) => (brand === 'amex' ? 4 : 3);

export function checkNumber(raw) {
  const digits = cardDigits(raw);
  if (digits === '') return problem('incomplete_number', CARD_MESSAGES.incompleteNumber, 'number');
  if (!/^\d+$/.test(digits)) return problem('invalid_number', CARD_MESSAGES.invalidNumber, 'number');
  if (digits.length < 12) return problem('incomplete_number', CARD_MESSAGES.incompleteNumber, 'number');
  if (digits.length > 19 || !passesLuhn(digits)) {
    return problem('invalid_number', CARD_MESSAGES.invalidNumber, 'number');
  }
  return null;
}

/**
 * "MM / YY" as typed: the spaces and slash are optional ("12/34", "1234"), and a four-digit year
 * is read as written ("12 / 2034"). A card is good until the end of its expiry month, in UTC.
 */
export function checkExpiry(raw, now) {
  const text = (raw ?? '').trim();
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text);
  // "12 /" or "1" is a date still being typed.
  if (!match || (match[1].length === 1 && !text.includes('/'))) {
    return /^[\d\s/]*$/.test(text)
      ? problem('incomplete_expiry', CARD_MESSAGES.incompleteExpiry, 'expiry')
      : problem('invalid_expiry', CARD_MESSAGES.invalidExpiry, 'expiry');
  }
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return problem('invalid_expiry_month', CARD_MESSAGES.invalidExpiryMonth, 'expiry');
  const today = new Date(now);
  const thisYear = today.getUTCFullYear();
  if (year < thisYear) return problem('invalid_expiry_year_past', CARD_MESSAGES.expiryPast, 'expiry');
  if (year === thisYear && month < today.getUTCMonth() + 1) {
    return problem('invalid_expiry_month_past', CARD_MESSAGES.expiryPast, 'expiry');
  }
  if (year > thisYear + MAX_YEARS_AHEAD) {
    return problem('invalid_expiry_year', CARD_MESSAGES.invalidExpiryYear, 'expiry');
  }
  return null;
}

export function checkCvc(raw, brand) {
  const cvc = (raw ?? '').trim();
  const length = cvcLength(brand);
  if (!/^\d*$/.test(cvc) || cvc.length > length) return problem('invalid_cvc', CARD_MESSAGES.invalidCvc, 'cvc');
  if (cvc.length < length) return problem('incomplete_cvc', CARD_MESSAGES.incompleteCvc, 'cvc');
  return null;
}

export function checkName(raw) {
  const name = (raw ?? '').trim();
  if (name === '' || /^[\p{White_Space}\p{Cf}]*$/u.test(name)) {
    return problem('incomplete_name', CARD_MESSAGES.incompleteName, 'name');
  }
  if ([...name].length > MAX_CARD_NAME_LENGTH) return problem('invalid_name', CARD_MESSAGES.nameTooLong, 'name');
  if (/[\p{Cc}\p{Cs}]/u.test(name)) return problem('invalid_name', CARD_MESSAGES.nameControlCharacters, 'name');
  return null;
}

/** One field's first problem, or null: the CVC's length depends on the number's brand. */
export function checkCardField(field, input, now) {
  switch (field) {
    case 'number':
      return checkNumber(input.number);
    case 'expiry':
      return checkExpiry(input.expiry, now);
    case 'cvc':
      return checkCvc(input.cvc, cardBrand(cardDigits(input.number)));
    default:
      return checkName(input.name);
  }
}

/** The fields in the form's order. */
export const CARD_FIELDS = ['number', 'expiry', 'cvc', 'name'];

/** The first problem with what was typed, field by field in the form's order, or the card. */
export function checkCard(input, now) {
  for (const field of CARD_FIELDS) {
    const found = checkCardField(field, input, now);
    if (found) return found;
  }
  const digits = cardDigits(input.number);
  return { brand: cardBrand(digits), last4: digits.slice(-4), digits };
}

export const isCardProblem = (value) => 'code' in value;
