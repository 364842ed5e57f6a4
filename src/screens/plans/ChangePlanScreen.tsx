import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';

import { formatPrice } from '../../../shared/billing/price-format';
import { PlanList, type PlanOption } from '../../components/plans/PlanList';
import { formatRenewalDate, isCurrentPlan } from '../../machines/plans/plan-text';
import { useAccountStore } from '../account/account-store-context';
import { useInspectedActorRef } from '../inspect-context';
import { SessionContext } from '../session/session-context';
import { usePayments } from './payments-context';
import { provideCheckout } from './plans-logic';
import { usePlans } from './use-plans';

/**
 * /change-plan (docs/spec.md §2, §4): every active plan with its own price; 'Subscribe' starts a
 * checkout that returns here, where the new plan is then the current one.
 */
export default function ChangePlanScreen() {
  const uid = SessionContext.useSelector((s) => s.context.user?.uid ?? '');
  const store = useAccountStore();
  const payments = usePayments();
  const { plans, subscription, loading, error: plansError, retry } = usePlans();

  const checkoutLogic = useMemo(() => provideCheckout(store.checkoutSessions, payments), [store, payments]);
  // The checkout comes back to this page, on this site's origin, whether paid or cancelled.
  const here = `${window.location.origin}/change-plan`;
  const checkout = useInspectedActorRef(checkoutLogic, { input: { uid, successUrl: here, cancelUrl: here } });
  const pendingPriceId = useSelector(checkout, (s) => (s.hasTag('busy') ? s.context.priceId : null));
  const checkoutError = useSelector(checkout, (s) => s.context.error);

  // Back from the checkout page through the back/forward cache: the page is live again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) checkout.send({ type: 'checkout.dismiss' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [checkout]);

  const options: PlanOption[] = plans.flatMap((plan) => {
    const price = plan.prices[0];
    if (!price) return [];
    return [
      {
        priceId: price.id,
        name: plan.name,
        description: plan.description,
        priceText: formatPrice(price),
        current: isCurrentPlan(plan, subscription),
      },
    ];
  });

  return (
    <PlanList
      plans={options}
      renewalDate={subscription ? formatRenewalDate(subscription.currentPeriodEnd) : null}
      loading={loading}
      pendingPriceId={pendingPriceId}
      error={checkoutError ?? plansError}
      onSubscribe={(priceId, current) => checkout.send({ type: 'checkout.subscribe', priceId, current })}
      onRetry={checkoutError ? () => checkout.send({ type: 'checkout.dismiss' }) : retry}
      retryLabel={checkoutError ? 'Dismiss' : 'Try again'}
    />
  );
}
