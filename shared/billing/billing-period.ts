/**
 * When a monthly subscription renews (docs/billing.md), as the payment provider bills: every
 * period ends on the subscription's anchor day, or on the month's last day when the month is
 * shorter, and the next period goes back to the anchor day. 31 January → 28 February → 31 March,
 * never 28 March: each end is counted from the anchor, not from the period before. Times are
 * milliseconds since the epoch, in UTC; the time of day is the anchor's.
 */

/** `anchor` moved on by `months` calendar months, its day kept or clamped to the month's last. */
export function monthsAfter(anchor: number, months: number): number {
  const date = new Date(anchor);
  const month = date.getUTCMonth() + months;
  const year = date.getUTCFullYear();
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

/** The first renewal of a subscription anchored at `anchor` that falls after `after`. */
export function nextRenewal(anchor: number, after: number): number {
  const from = new Date(anchor);
  const to = new Date(after);
  // Months between the two, give or take one: the loop settles it in a step or two.
  let months = Math.max(
    1,
    (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth()),
  );
  while (months > 1 && monthsAfter(anchor, months - 1) > after) months -= 1;
  while (monthsAfter(anchor, months) <= after) months += 1;
  return monthsAfter(anchor, months);
}
