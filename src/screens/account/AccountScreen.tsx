import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';

import { AccountDetails } from '../../components/account/AccountDetails';
import { BillingHistory } from '../../components/account/BillingHistory';
import { formatRenewalDate } from '../../machines/plans/plan-text';
import { useInspectedActorRef } from '../inspect-context';
import { usePlans } from '../plans/use-plans';
import { SessionContext } from '../session/session-context';
import { useAccountStore } from './account-store-context';
import { billingRows, provideBilling } from './billing-logic';
import { memberSince } from './member-since';

/**
 * /account (docs/spec.md §2, docs/decisions.md Billing): the signed-in account's e-mail,
 * member-since date and plan; Cancel Membership (at the period's end, once confirmed) or, once
 * cancelled, the end date with Restart Membership; a scheduled downgrade, with a way to keep the
 * current plan; the billing history.
 */
export default function AccountScreen() {
  const [, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const user = SessionContext.useSelector((s) => s.context.user);
  const signingOut = SessionContext.useSelector((s) => s.hasTag('busy'));
  const { actor: plansActor, plans, subscription, current, loading, error, retry } = usePlans();
  const store = useAccountStore();

  const billingLogic = useMemo(
    () => provideBilling(store.billing, () => plansActor.send({ type: 'plans.reload' })),
    [store, plansActor],
  );
  const billing = useInspectedActorRef(billingLogic, { input: { uid: user?.uid ?? '' } });
  const invoices = useSelector(billing, (s) => s.context.invoices);
  const historyStatus = useSelector(billing, (s) =>
    s.hasTag('historyBusy') ? 'loading' : s.hasTag('historyError') ? 'error' : 'ready',
  );
  const historyError = useSelector(billing, (s) => s.context.historyError);
  const membershipStatus = useSelector(billing, (s) =>
    s.hasTag('busy')
      ? s.matches({ change: 'scheduling' })
        ? 'keepingPlan'
        : 'busy'
      : s.hasTag('error')
        ? 'error'
        : 'idle',
  );
  const membershipError = useSelector(billing, (s) => s.context.changeError);
  const rows = useMemo(() => billingRows(invoices), [invoices]);

  const periodEnd = subscription ? formatRenewalDate(subscription.currentPeriodEnd) : null;
  const scheduledPlan = subscription?.scheduledChange
    ? plans.find((plan) => plan.prices.some((price) => price.id === subscription.scheduledChange!.priceId))
    : undefined;

  return (
    <AccountDetails
      email={user?.email ?? ''}
      memberSince={memberSince(user?.createdAt)}
      planName={current?.name ?? null}
      planLoading={loading}
      planError={error}
      onRetryPlan={retry}
      endsOn={subscription?.cancelAtPeriodEnd ? periodEnd : null}
      renewsOn={subscription && !subscription.cancelAtPeriodEnd ? periodEnd : null}
      scheduledChange={
        scheduledPlan && periodEnd ? `Your plan changes to ${scheduledPlan.name} on ${periodEnd}.` : null
      }
      // The current plan's price drops the scheduled change (docs/decisions.md, Billing).
      onKeepCurrentPlan={
        subscription?.scheduledChange && subscription.priceId
          ? () =>
              billing.send({
                type: 'billing.schedule',
                subscriptionId: subscription.id,
                priceId: subscription.priceId!,
                currentPriceId: subscription.priceId!,
              })
          : undefined
      }
      confirmCancel={!store.billing.confirmsCancellation}
      onCancelMembership={
        subscription ? () => billing.send({ type: 'billing.cancel', subscriptionId: subscription.id }) : undefined
      }
      onRestartMembership={
        subscription ? () => billing.send({ type: 'billing.restart', subscriptionId: subscription.id }) : undefined
      }
      membershipStatus={membershipStatus}
      membershipError={membershipError}
      onDismissMembershipError={() => billing.send({ type: 'billing.dismiss' })}
      billingHistory={
        <BillingHistory
          status={historyStatus}
          rows={rows}
          error={historyError}
          onRetry={() => billing.send({ type: 'billing.retryHistory' })}
        />
      }
      changePlanHref="/change-plan"
      onChangePlan={() => navigate('/change-plan')}
      // Once signed out, the signed-out routes lead every address to the landing page at /.
      onSignOut={() => session.send({ type: 'session.signOut' })}
      onSignOutEverywhere={() => session.send({ type: 'session.signOutEverywhere' })}
      signingOut={signingOut}
    />
  );
}
