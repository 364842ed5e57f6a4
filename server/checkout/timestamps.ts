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
 * A day the next month lacks becomes its last day: 31 January → 28 (or 29) February.
 */
export function addCalendarMonth(milliseconds: number): number {
  const date = new Date(milliseconds);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}
