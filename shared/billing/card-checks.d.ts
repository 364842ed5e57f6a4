// The types of card-checks.js, which is plain JavaScript because the checkout page loads it as it is.

/** The fields of a card as the pay endpoint receives them. `expiry` is typed as "MM / YY". */
export interface CardInput {
  number?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

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

export declare const CARD_MESSAGES: {
  readonly incompleteNumber: string;
  readonly invalidNumber: string;
  readonly incompleteExpiry: string;
  readonly invalidExpiry: string;
  readonly invalidExpiryMonth: string;
  readonly expiryPast: string;
  readonly invalidExpiryYear: string;
  readonly incompleteCvc: string;
  readonly invalidCvc: string;
  readonly incompleteName: string;
  readonly nameTooLong: string;
  readonly nameControlCharacters: string;
  readonly declined: string;
  readonly insufficientFunds: string;
  readonly lostCard: string;
  readonly expiredCard: string;
  readonly incorrectCvc: string;
  readonly processingError: string;
  readonly authenticationFailed: string;
};
export declare const MAX_CARD_NAME_LENGTH: number;
export declare const CARD_FIELDS: readonly CardField[];

export declare function cardDigits(raw: string | undefined): string;
export declare function passesLuhn(digits: string): boolean;
export declare function cardBrand(digits: string): CardBrand;
export declare function cvcLength(brand: CardBrand): number;
export declare function checkNumber(raw: string | undefined): CardProblem | null;
export declare function checkExpiry(raw: string | undefined, now: number): CardProblem | null;
export declare function checkCvc(raw: string | undefined, brand: CardBrand): CardProblem | null;
export declare function checkName(raw: string | undefined): CardProblem | null;
export declare function checkCardField(field: CardField, input: CardInput, now: number): CardProblem | null;
/** The first problem with what was typed, field by field in the form's order, or the card. */
export declare function checkCard(input: CardInput, now: number): CheckedCard | CardProblem;
export declare function isCardProblem(value: CheckedCard | CardProblem): value is CardProblem;
