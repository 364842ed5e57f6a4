import { useSelector } from '@xstate/react';
import { useMemo } from 'react';

import { currentPlan } from '../../machines/plans/plan-text';
import { useAccountStore } from '../account/account-store-context';
import { useInspectedActorRef } from '../inspect-context';
import { SessionContext } from '../session/session-context';
import { providePlans } from './plans-logic';

/** The plans on offer and the signed-in customer's subscription, read for one screen. */
export function usePlans() {
  const store = useAccountStore();
  const uid = SessionContext.useSelector((s) => s.context.user?.uid ?? '');
  const logic = useMemo(() => providePlans(store.plans), [store]);
  const actor = useInspectedActorRef(logic, { input: { uid } });
  const plans = useSelector(actor, (s) => s.context.plans);
  const subscription = useSelector(actor, (s) => s.context.subscription);
  return {
    actor,
    plans,
    subscription,
    current: currentPlan(plans, subscription),
    loading: useSelector(actor, (s) => s.hasTag('busy')),
    error: useSelector(actor, (s) => s.context.error),
    retry: () => actor.send({ type: 'plans.retry' }),
  };
}
