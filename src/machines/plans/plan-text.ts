import type { Plan, Subscription } from '../../services/account-store/plans.port';

/** docs/spec.md §2: the button reads 'Current Package' when the plan's name, lower-cased, contains the role. */
export function isCurrentPlan(plan: Pick<Plan, 'name'>, subscription: Pick<Subscription, 'role'> | null): boolean {
  return Boolean(subscription?.role) && plan.name.toLowerCase().includes(subscription!.role.toLowerCase());
}

/** The subscribed plan, by the same rule, or null. */
export function currentPlan(plans: Plan[], subscription: Subscription | null): Plan | null {
  return plans.find((plan) => isCurrentPlan(plan, subscription)) ?? null;
}

/** 'Renewal date: {date}' (docs/spec.md §2) from the period's end in seconds, e.g. '22 December 2026'. */
export function formatRenewalDate(seconds: number, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(seconds * 1000),
  );
}
