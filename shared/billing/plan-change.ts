/**
 * What changing plan costs, as the payment provider prorates it (docs/decisions.md, Billing): one
 * rule for the /change-plan screen's preview and the checkout that charges it.
 *
 * - No current subscription: the new plan starts now at its full price.
 * - Upgrade (a dearer price in the same currency): takes effect at once; today's charge is the
 *   price difference × the unused fraction of the current period, rounded to the nearest minor
 *   unit; the renewal date stays.
 * - Downgrade (a cheaper or equal-priced other plan): takes effect at the next renewal; nothing
 *   is charged today.
 */

/** The subscription being changed: its price and its current period, in seconds since the epoch. */
export interface CurrentPlan {
  priceId: string;
  unitAmount: number;
  currency: string;
  periodStart: number;
  periodEnd: number;
}

export interface TargetPlan {
  priceId: string;
  unitAmount: number;
  currency: string;
}

export type PlanChange =
  | { kind: 'new'; amountToday: number }
  | { kind: 'same' }
  | { kind: 'upgrade'; amountToday: number; renewsAt: number }
  | { kind: 'downgrade'; effectiveAt: number };

/**
 * The unused part of `difference` at `at` (seconds): difference × (end − at) / (end − start),
 * rounded to the nearest minor unit, never below 0 nor above the difference.
 */
export function proratedAmount(difference: number, periodStart: number, periodEnd: number, at: number): number {
  const length = periodEnd - periodStart;
  if (length <= 0) return 0;
  const remaining = Math.min(Math.max(periodEnd - at, 0), length);
  return Math.round((difference * remaining) / length);
}

/** What moving from `current` (null when there is none) to `target` does, at `at` (seconds). */
export function planChange(current: CurrentPlan | null, target: TargetPlan, at: number): PlanChange {
  // A subscription's currency cannot change: another currency starts a new subscription.
  if (!current || at >= current.periodEnd || current.currency !== target.currency) {
    return { kind: 'new', amountToday: target.unitAmount };
  }
  if (current.priceId === target.priceId) return { kind: 'same' };
  if (target.unitAmount > current.unitAmount) {
    const difference = target.unitAmount - current.unitAmount;
    return {
      kind: 'upgrade',
      amountToday: proratedAmount(difference, current.periodStart, current.periodEnd, at),
      renewsAt: current.periodEnd,
    };
  }
  return { kind: 'downgrade', effectiveAt: current.periodEnd };
}
