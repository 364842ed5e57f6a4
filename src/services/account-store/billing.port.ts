/** What a charge is made of: the plan for a period, or an upgrade's proration (a credit is negative). */
export interface InvoiceLine {
  description: string;
  amount: number;
  proration: boolean;
}

/** One charge in the billing history (docs/billing.md); amounts in minor units. */
export interface Invoice {
  id: string;
  /** Seconds since the epoch. */
  created: number;
  planName: string;
  amount: number;
  currency: string;
  /** The card that paid, when the payment side tells. */
  card: { brand: string; last4: string } | null;
  /** Its lines, adding up to `amount`; empty when the payment side does not tell. */
  lines: InvoiceLine[];
}

/**
 * What a change did: 'done' when it is made, 'redirected' when the browser is leaving for the
 * payment provider's portal to make it there (hosted mode).
 */
export type BillingOutcome = 'done' | 'redirected';

/** The card renewals charge: only its brand and last 4 digits. */
export interface CardOnFile {
  brand: string;
  last4: string;
}

/** A new card as typed, in the hosted checkout's fields (expiry "MM / YY"). */
export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/**
 * Managing the membership (docs/decisions.md, Billing): cancel at the period's end or restart,
 * schedule a downgrade for the next renewal, and read every charge. Failures reject with an
 * Error whose message can be shown to the person.
 */
export interface BillingStore {
  /**
   * The payment provider's own page asks before it cancels (Stripe's customer portal, hosted
   * mode): the account page then goes straight there instead of asking first itself.
   */
  readonly confirmsCancellation?: boolean;
  /** Every charge, newest first. */
  listInvoices(uid: string): Promise<Invoice[]>;
  /** true: end at the period's end (Cancel Membership); false: renew again (Restart Membership). */
  setCancelAtPeriodEnd(uid: string, subscriptionId: string, cancel: boolean): Promise<BillingOutcome>;
  /**
   * A cheaper plan from the next renewal; the current plan's price drops a scheduled one.
   * `currentPriceId` is the plan the person chose against: if the subscription has moved to
   * another plan since (an upgrade in another tab), it rejects, changing nothing.
   */
  scheduleChange(uid: string, subscriptionId: string, priceId: string, currentPriceId: string): Promise<BillingOutcome>;
  /**
   * The card on file and its replacement, where the account page takes a card itself (the
   * embedded checkout's test mode). Absent in hosted mode: Stripe's customer portal updates it.
   */
  readonly paymentMethod?: {
    /** null when there is no membership to charge. */
    get(uid: string): Promise<CardOnFile | null>;
    /** Rejects with the card's problem (Stripe's words: a decline, a wrong expiry). */
    update(uid: string, card: CardInput): Promise<CardOnFile>;
  };
}
