import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';

import { AccountDetails } from '../../components/account/AccountDetails';
import { BillingHistory } from '../../components/account/BillingHistory';
import { CredentialsForms } from '../../components/account/CredentialsForms';
import { PaymentMethodPanel } from '../../components/account/PaymentMethodPanel';
import { sendStatus } from '../../components/status';
import { formatRenewalDate } from '../../machines/plans/plan-text';
import type { BillingStore } from '../../services/account-store/billing.port';
import { useInspectedActorRef } from '../inspect-context';
import { usePlans } from '../plans/use-plans';
import { useAuthService } from '../session/auth-context';
import { SessionContext } from '../session/session-context';
import { provideCredentials, providePaymentMethod } from './account-logic';
import { useAccountStore } from './account-store-context';
import { billingRows, cardText, provideBilling } from './billing-logic';
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
  const auth = useAuthService();

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
  // The page holds its sections until the plan and the billing history are first read, so that
  // nothing moves as they arrive; later readings (after a change) update it in place.
  const [firstRead, setFirstRead] = useState(false);
  if (!firstRead && !loading && historyStatus !== 'loading') setFirstRead(true);

  const periodEnd = subscription ? formatRenewalDate(subscription.currentPeriodEnd) : null;
  const scheduledPlan = subscription?.scheduledChange
    ? plans.find((plan) => plan.prices.some((price) => price.id === subscription.scheduledChange!.priceId))
    : undefined;

  return (
    <AccountDetails
      security={<Credentials />}
      paymentMethod={
        store.billing.paymentMethod && subscription && !subscription.cancelAtPeriodEnd ? (
          <PaymentMethod paymentMethod={store.billing.paymentMethod} uid={user?.uid ?? ''} />
        ) : null
      }
      devicesHref={auth.devices ? '/account/devices' : undefined}
      onDevicesClick={() => navigate('/account/devices')}
      activityHref="/viewing-activity"
      onActivityClick={() => navigate('/viewing-activity')}
      email={user?.email ?? ''}
      memberSince={memberSince(user?.createdAt)}
      planName={current?.name ?? null}
      loading={!firstRead}
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

/** Change email and Change password, over the credentials machine. */
function Credentials() {
  const auth = useAuthService();
  const logic = useMemo(() => provideCredentials(auth), [auth]);
  const actor = useInspectedActorRef(logic);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const form = useSelector(actor, (s) => s.context.form);
  const error = useSelector(actor, (s) => s.context.error);
  const done = useSelector(actor, (s) => s.context.done);
  return (
    <CredentialsForms
      form={form}
      status={sendStatus(busy, error)}
      error={error}
      done={done}
      onChangeEmail={({ email, password }) => actor.send({ type: 'email.change', email, password })}
      onChangePassword={({ password, newPassword }) => actor.send({ type: 'password.change', password, newPassword })}
    />
  );
}

/** The card on file and "Update payment method", over the payment-method machine. */
function PaymentMethod({
  paymentMethod,
  uid,
}: {
  paymentMethod: NonNullable<BillingStore['paymentMethod']>;
  uid: string;
}) {
  const logic = useMemo(() => providePaymentMethod(paymentMethod), [paymentMethod]);
  const actor = useInspectedActorRef(logic, { input: { uid } });
  const stage = useSelector(actor, (s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('failed')
        ? 'failed'
        : s.matches('editing')
          ? 'editing'
          : s.matches('saving')
            ? 'saving'
            : 'showing',
  );
  const card = useSelector(actor, (s) => s.context.card);
  const error = useSelector(actor, (s) => s.context.error);
  const saved = useSelector(actor, (s) => s.context.saved);
  return (
    <PaymentMethodPanel
      card={cardText(card)}
      stage={stage}
      error={error}
      saved={saved}
      onEdit={() => actor.send({ type: 'card.edit' })}
      onCancel={() => actor.send({ type: 'card.cancel' })}
      onSubmit={(values) => actor.send({ type: 'card.update', card: values })}
      onRetry={() => actor.send({ type: 'card.retry' })}
    />
  );
}
