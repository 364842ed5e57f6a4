import { monthsAfter } from '../../shared/billing/billing-period.ts';

/** A Firestore Timestamp as it reaches a client in JSON: whole seconds and nanoseconds. */
export interface Timestamp {
  seconds: number;
  nanoseconds: number;
}

/** Whole seconds since the epoch (Marquee's timestamps carry no sub-second part). */
export const toSeconds = (milliseconds: number) => Math.floor(milliseconds / 1000);

export const timestamp = (seconds: number): Timestamp => ({ seconds, nanoseconds: 0 });

/**
 * The same moment one calendar month later, in UTC, as Stripe bills monthly: 15 March → 15 April.
 * A day the next month lacks becomes its last day: 31 January → 28 (or 29) February. Only for a
 * subscription's first period: later ones count from the anchor (shared/billing/billing-period.ts).
 */
export const addCalendarMonth = (milliseconds: number): number => monthsAfter(milliseconds, 1);
