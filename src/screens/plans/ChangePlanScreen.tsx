import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

import { formatPrice } from '../../../shared/billing/price-format';
import { PlanList, type PlanOption } from '../../components/plans/PlanList';
import { formatRenewalDate, isCurrentPlan } from '../../machines/plans/plan-text';
import { useAccountStore } from '../account/account-store-context';
import { provideBilling } from '../account/billing-logic';
import { useInspectedActorRef } from '../inspect-context';
import { SessionContext } from '../session/session-context';
import { CHANGE_PLAN_PATH, checkoutReturnUrls, returnedPaid } from './checkout-return';
import { usePayments } from './payments-context';
import { entitlementsText } from './plan-entitlements';
import { planQuote } from './plan-quotes';
import { provideCheckout } from './plans-logic';
import { usePlans } from './use-plans';

/**
 * /change-plan (docs/spec.md §2, §4; docs/decisions.md Billing): every active plan with its own price and, for a
 * subscriber, what choosing it costs. Subscribe and Upgrade start a checkout (an upgrade's is the prorated
 * difference) that returns here, where the new plan is then the current one and a paid checkout says so;
 * Downgrade is scheduled for the next renewal, with nothing to pay.
 */
export default function ChangePlanScreen() {
  const uid = SessionContext.useSelector((s) => s.context.user?.uid ?? '');
  const store = useAccountStore();
  const payments = usePayments();
  const { actor: plansActor, plans, subscription, current, loading, error: plansError, retry } = usePlans();
  const [, navigate] = useLocation();
  const search = useSearch();

  const checkoutLogic = useMemo(() => provideCheckout(store.checkoutSessions, payments), [store, payments]);
  // The checkout comes back to this page, on this site's origin, whether paid or cancelled.
  const checkout = useInspectedActorRef(checkoutLogic, {
    input: { uid, ...checkoutReturnUrls(window.location.origin) },
  });

  // Back from a paid checkout: say so until the next choice, and drop the mark so a reload does not.
  const [paid, setPaid] = useState(() => returnedPaid(search));
  useEffect(() => {
    if (returnedPaid(search)) navigate(CHANGE_PLAN_PATH, { replace: true });
  }, [search, navigate]);
  const success = paid
    ? current
      ? `Payment complete. You're now on the ${current.name} plan.`
      : 'Payment complete. Thank you!'
    : null;
  const checkoutPriceId = useSelector(checkout, (s) => (s.hasTag('busy') ? s.context.priceId : null));
  const checkoutError = useSelector(checkout, (s) => s.context.error);

  // A downgrade needs no payment: it is scheduled for the next renewal, then the plans are read again.
  const billingLogic = useMemo(
    () => provideBilling(store.billing, () => plansActor.send({ type: 'plans.reload' })),
    [store, plansActor],
  );
  const billing = useInspectedActorRef(billingLogic, { input: { uid } });
  const [scheduling, setScheduling] = useState<string | null>(null);
  const billingBusy = useSelector(billing, (s) => s.hasTag('busy'));
  const billingError = useSelector(billing, (s) => s.context.changeError);
  const pendingPriceId = checkoutPriceId ?? (billingBusy ? scheduling : null);
  const error = checkoutError ?? billingError;

  // Back from the checkout page through the back/forward cache: the page is live again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) checkout.send({ type: 'checkout.dismiss' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [checkout]);

  // Quotes are as of opening the page; the checkout page shows the exact amount at paying.
  const [now] = useState(() => Date.now() / 1000);
  const options: PlanOption[] = plans.flatMap((plan) => {
    const price = plan.prices[0];
    if (!price) return [];
    const quote = planQuote(plan, price, subscription, plans, now);
    return [
      {
        priceId: price.id,
        name: plan.name,
        description: plan.description,
        entitlements: entitlementsText(plan),
        priceText: formatPrice(price),
        current: isCurrentPlan(plan, subscription),
        change: quote.change === 'subscribe' || quote.change === 'current' ? null : quote.change,
        note: quote.note,
      },
    ];
  });

  return (
    <PlanList
      plans={options}
      renewalDate={subscription ? formatRenewalDate(subscription.currentPeriodEnd) : null}
      status={loading ? 'loading' : (error ?? plansError) ? 'error' : 'ready'}
      pendingPriceId={pendingPriceId}
      error={error ?? plansError}
      success={success}
      onSubscribe={(priceId, isCurrent) => {
        setPaid(false);
        checkout.send({ type: 'checkout.subscribe', priceId, current: isCurrent });
      }}
      onDowngrade={(priceId) => {
        setPaid(false);
        if (!subscription?.priceId) return;
        setScheduling(priceId);
        billing.send({
          type: 'billing.schedule',
          subscriptionId: subscription.id,
          priceId,
          currentPriceId: subscription.priceId,
        });
      }}
      onRetry={
        checkoutError
          ? () => checkout.send({ type: 'checkout.dismiss' })
          : billingError
            ? () => billing.send({ type: 'billing.dismiss' })
            : retry
      }
      retryLabel={error ? 'Dismiss' : 'Try again'}
    />
  );
}
