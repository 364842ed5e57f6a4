/**
 * How Marquee shows a price (docs/decisions.md): "GBP 6.99/month", "GBP 6.99/3 months", and a
 * one-off amount as "GBP 6.99". One definition for the plans screen and the checkout page.
 */

export interface PriceToFormat {
  /** ISO 4217, in either case (the payment provider stores it lower-case). */
  currency: string;
  /** In the currency's minor units (pence for GBP, yen for JPY). */
  unitAmount: number;
  /** 'month', 'year'…; null or absent for a one-off amount. */
  interval?: string | null;
  intervalCount?: number | null;
}

export function formatPrice(price: PriceToFormat): string {
  // Minor units per currency: 2 digits for GBP, 0 for JPY, 3 for KWD, as the provider stores them.
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency: price.currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  const amount = `${price.currency.toUpperCase()} ${(price.unitAmount / 10 ** digits).toFixed(digits)}`;
  if (!price.interval) return amount;
  const every =
    price.intervalCount && price.intervalCount > 1 ? `${price.intervalCount} ${price.interval}s` : price.interval;
  return `${amount}/${every}`;
}
