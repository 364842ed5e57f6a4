import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';

import { formatPrice } from '../../../shared/billing/price-format';
import { PlanChoice, type PlanChoiceProps } from '../../components/plans/PlanChoice';
import { useAccountStore } from '../account/account-store-context';
import { useInspectedActorRef } from '../inspect-context';
import { SessionContext } from '../session/session-context';
import { JOINED_PATH, joinReturnUrls } from './checkout-return';
import { usePayments } from './payments-context';
import { entitlementsText } from './plan-entitlements';
import { provideJoin } from './plans-logic';

/**
 * /signup/plan, the step after sign-up (docs/billing.md, Joining): the plans with their price,
 * resolution and screens; Next pays for the chosen one through the same checkout as /change-plan,
 * which returns to Who's Watching when paid and here when not. "Browse first" goes home without one.
 */
export default function JoinPlanScreen() {
  const uid = SessionContext.useSelector((s) => s.context.user?.uid ?? '');
  const session = SessionContext.useActorRef();
  const store = useAccountStore();
  const payments = usePayments();
  const [, navigate] = useLocation();

  const logic = useMemo(
    () =>
      provideJoin(store.plans, store.checkoutSessions, payments, {
        asMember: () => {
          session.send({ type: 'join.leave' });
          navigate(JOINED_PATH, { replace: true });
        },
        toBrowse: () => {
          session.send({ type: 'join.leave' });
          navigate('/', { replace: true });
        },
      }),
    [store, payments, session, navigate],
  );
  const join = useInspectedActorRef(logic, { input: { uid, ...joinReturnUrls(window.location.origin) } });
  const loading = useSelector(join, (s) => s.hasTag('busy'));
  const plansError = useSelector(join, (s) => s.context.error);
  const plans = useSelector(join, (s) => s.context.plans);
  const chosen = useSelector(join, (s) => s.context.chosenPriceId);
  const checkout = useSelector(join, (s) => s.children.checkout);
  const pending = useSelector(checkout, (s) => s?.hasTag('busy') ?? false);
  const checkoutError = useSelector(checkout, (s) => s?.context.error ?? null);
  const error = checkoutError ?? plansError;

  // Back from the checkout page through the back/forward cache: the step is live again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) join.send({ type: 'join.dismiss' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [join]);

  const options: PlanChoiceProps['plans'] = plans.flatMap((plan) => {
    const price = plan.prices[0];
    if (!price) return [];
    return [
      {
        priceId: price.id,
        name: plan.name,
        description: plan.description,
        priceText: formatPrice(price),
        entitlements: entitlementsText(plan),
      },
    ];
  });

  return (
    <PlanChoice
      plans={options}
      value={chosen}
      onValueChange={(priceId) => join.send({ type: 'join.choose', priceId })}
      status={loading ? 'loading' : error ? 'error' : 'ready'}
      error={error}
      pending={pending}
      onNext={() => join.send({ type: 'join.next' })}
      onBrowse={() => join.send({ type: 'join.browse' })}
      onRetry={checkoutError ? () => join.send({ type: 'join.dismiss' }) : () => join.send({ type: 'join.retry' })}
      retryLabel={checkoutError ? 'Dismiss' : 'Try again'}
    />
  );
}
