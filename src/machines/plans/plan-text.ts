import type { Plan, Price, Subscription } from '../../services/account-store/plans.port';

/** docs/spec.md §2: the button reads 'Current Package' when the plan's name, lower-cased, contains the role. */
export function isCurrentPlan(plan: Pick<Plan, 'name'>, subscription: Pick<Subscription, 'role'> | null): boolean {
  return Boolean(subscription?.role) && plan.name.toLowerCase().includes(subscription!.role.toLowerCase());
}

/** The subscribed plan, by the same rule, or null. */
export function currentPlan(plans: Plan[], subscription: Subscription | null): Plan | null {
  return plans.find((plan) => isCurrentPlan(plan, subscription)) ?? null;
}

/** docs/decisions.md: each plan's own price, formatted like 'GBP 6.99/month'. */
export function formatPrice(price: Pick<Price, 'currency' | 'unitAmount' | 'interval' | 'intervalCount'>): string {
  // Minor units per currency: 2 digits for GBP, 0 for JPY, as the provider stores them.
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency: price.currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  const amount = (price.unitAmount / 10 ** digits).toFixed(digits);
  const every = price.intervalCount > 1 ? `${price.intervalCount} ${price.interval}s` : price.interval;
  return `${price.currency.toUpperCase()} ${amount}/${every}`;
}

/** 'Renewal date: {date}' (docs/spec.md §2) from the period's end in seconds, e.g. '22 December 2026'. */
export function formatRenewalDate(seconds: number, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(seconds * 1000),
  );
}
