import { planChange } from '../../../shared/billing/plan-change';
import { formatPrice } from '../../../shared/billing/price-format';
import { formatRenewalDate } from '../../machines/plans/plan-text';
import type { Plan, Price, Subscription } from '../../services/account-store/plans.port';

/** What choosing a plan does, as its row on /change-plan says before anything is paid. */
export interface PlanQuote {
  change: 'subscribe' | 'upgrade' | 'downgrade' | 'scheduled' | 'current';
  /** e.g. "You'll pay GBP 4.50 today, then GBP 10.99/month from 20 December 2026". */
  note: string | null;
}

/**
 * The row's quote by the shared rule (shared/billing/plan-change.ts): an upgrade's prorated
 * charge today and its renewal, or a downgrade's start date with nothing charged; `at` in seconds.
 */
export function planQuote(
  plan: Plan,
  price: Price,
  subscription: Subscription | null,
  plans: Plan[],
  at: number,
): PlanQuote {
  const currentPrice = subscription
    ? plans.flatMap((candidate) => candidate.prices).find((candidate) => candidate.id === subscription.priceId)
    : undefined;
  const change = planChange(
    subscription && currentPrice
      ? {
          priceId: currentPrice.id,
          unitAmount: currentPrice.unitAmount,
          currency: currentPrice.currency,
          periodStart: subscription.currentPeriodStart,
          periodEnd: subscription.currentPeriodEnd,
        }
      : null,
    { priceId: price.id, unitAmount: price.unitAmount, currency: price.currency },
    // The server answers a subscription as current only before its period's end (it renews or
    // lapses then), so a browser clock running ahead must not make the current plan look ended.
    subscription ? Math.min(at, subscription.currentPeriodEnd - 1) : at,
  );
  const recurring = formatPrice(price);
  switch (change.kind) {
    case 'same':
      return { change: 'current', note: null };
    case 'upgrade':
      return {
        change: 'upgrade',
        note: `You'll pay ${formatPrice({ currency: price.currency, unitAmount: change.amountToday })} today, then ${recurring} from ${formatRenewalDate(change.renewsAt)}`,
      };
    case 'downgrade':
      return subscription?.scheduledChange?.priceId === price.id
        ? {
            change: 'scheduled',
            note: `Your plan changes to ${plan.name} on ${formatRenewalDate(change.effectiveAt)}`,
          }
        : {
            change: 'downgrade',
            note: `Your plan changes to ${plan.name} on ${formatRenewalDate(change.effectiveAt)}; no charge today`,
          };
    default:
      return { change: 'subscribe', note: null };
  }
}
