import { type ReactNode, useId, useRef, useState } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import { ConfirmDialog } from '../feedback/ConfirmDialog';
import { PageMain } from '../layout/PageMain';
import { isPlainClick } from '../plain-click';
import { styled } from '../stitches.config';
import { SignOutButtons } from './SignOutButtons';

const Header = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: '$2 $5',
  paddingBottom: '$4',
  borderBottom: '1px solid $surfaceRaised',
});

const Title = styled('h1', { margin: 0, fontSize: '$5', fontWeight: 400 });

const Since = styled('p', { margin: 0, color: '$textMuted', fontSize: '$1', fontWeight: 700 });

// Each section: a light, small-caps heading on the left and its content on the right (tablet up).
const Section = styled('section', {
  display: 'grid',
  gap: '$3',
  padding: '$5 0',
  borderBottom: '1px solid $surfaceRaised',
  '@tablet': { gridTemplateColumns: '240px 1fr', gap: '$5' },
});

const SectionTitle = styled('h2', {
  margin: 0,
  color: '$textMuted',
  fontSize: '$2',
  fontWeight: 400,
  letterSpacing: '0.02em',
});

const Body = styled('div', { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '$4' });

const Row = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  width: '100%',
});

const Strong = styled('p', { margin: 0, fontSize: '$2', fontWeight: 700, overflowWrap: 'anywhere' });

const Note = styled('p', { margin: 0, fontSize: '$2', color: '$textMuted' });

const PlanName = styled('div', { display: 'grid', gap: '$1' });

const Muted = styled('p', { margin: 0, fontSize: '$2', color: '$textMuted', fontStyle: 'italic' });

const PlanProblem = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$3' });

const Link = styled('a', {
  color: '#54b9ff',
  fontSize: '$2',
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
});

export interface AccountDetailsProps {
  email: string;
  /** Already formatted, e.g. "September 2022" (from the account's creation date). */
  memberSince: string;
  /** The subscribed plan's name; empty before any subscription. */
  planName?: string | null;
  /** The page's first read: the header alone until the plan and the billing history are known, so nothing moves as they come. */
  loading?: boolean;
  /** The plan is being read again (a retry): its section says so. */
  planLoading?: boolean;
  /** Why the plan could not be read; shown with a retry. */
  planError?: string | null;
  onRetryPlan?: () => void;
  /** Offered while there is a plan to cancel: it ends at the period's end. */
  onCancelMembership?: () => void;
  /**
   * Whether Cancel Membership asks first (true by default). False where the provider's own page
   * asks instead (Stripe's customer portal, hosted mode): asking twice would be one too many.
   */
  confirmCancel?: boolean;
  /** Already formatted: the membership is set to end then; 'Restart Membership' is offered instead of cancelling. */
  endsOn?: string | null;
  /** Already formatted: the next renewal, while the membership renews. */
  renewsOn?: string | null;
  /** Clears the cancellation before the membership ends. */
  onRestartMembership?: () => void;
  /**
   * Already formatted, e.g. "Your plan changes to Basic on 20 December 2026." (a scheduled
   * downgrade); not shown while the membership is set to end.
   */
  scheduledChange?: string | null;
  /** Drops the scheduled change: the current plan renews as it is (offered with `scheduledChange`). */
  onKeepCurrentPlan?: () => void;
  /**
   * A cancel or restart is under way ('busy'), or keeping the current plan ('keepingPlan'), or
   * either failed ('error', with `membershipError`).
   */
  membershipStatus?: 'idle' | 'busy' | 'keepingPlan' | 'error';
  membershipError?: string | null;
  onDismissMembershipError?: () => void;
  /** The billing history's content (BillingHistory), shown in its own section. */
  billingHistory?: ReactNode;
  /** The card on file and its update (PaymentMethodPanel), under the membership. */
  paymentMethod?: ReactNode;
  /** Change email and password (CredentialsForms), in a SECURITY section. */
  security?: ReactNode;
  /** Where "Manage devices" goes (/account/devices); a plain click calls onDevicesClick. */
  devicesHref?: string;
  onDevicesClick?: () => void;
  /** Where "Viewing activity" goes (/viewing-activity); a plain click calls onActivityClick. */
  activityHref?: string;
  onActivityClick?: () => void;
  onSignOut: () => void;
  /** Ends every session of the account, on every device (offered when given). */
  onSignOutEverywhere?: () => void;
  /** A sign-out is under way: both sign-out buttons wait. */
  signingOut?: boolean;
  /** Where 'Change Plan' goes, normally "/change-plan". */
  changePlanHref: string;
  /** A plain click on 'Change Plan' (the app routes it without reloading); other clicks follow the href. */
  onChangePlan?: () => void;
}

/** The /account page body (docs/spec.md §2, with docs/decisions.md's real member-since date and plan). */
export function AccountDetails({
  email,
  memberSince,
  planName,
  onCancelMembership,
  confirmCancel = true,
  onSignOut,
  onSignOutEverywhere,
  signingOut = false,
  changePlanHref,
  onChangePlan,
  loading = false,
  planLoading = false,
  planError,
  onRetryPlan,
  endsOn = null,
  renewsOn = null,
  onRestartMembership,
  scheduledChange = null,
  onKeepCurrentPlan,
  membershipStatus = 'idle',
  membershipError = null,
  onDismissMembershipError,
  billingHistory,
  paymentMethod,
  security,
  devicesHref,
  onDevicesClick,
  activityHref,
  onActivityClick,
}: AccountDetailsProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const billingId = `${id}-billing`;
  const planId = `${id}-plan`;
  const historyId = `${id}-history`;
  const membershipNoteId = `${id}-membership-note`;
  const scheduledNoteId = `${id}-scheduled-note`;
  const busy = membershipStatus === 'busy' || membershipStatus === 'keepingPlan';
  // One note for the renewal or end date: after a confirmed cancel, focus waits here while the
  // button is busy and then replaced, and reads the new end date when it comes.
  const membershipNote = useRef<HTMLParagraphElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const securityId = `${id}-security`;
  // Keeping the current plan removes its own button: focus goes to the plan it keeps.
  const planDetails = useRef<HTMLDivElement>(null);
  const showScheduledChange = Boolean(planName && scheduledChange && !endsOn);
  const header = (
    <Header>
      <Title id={titleId}>Account</Title>
      <Since>Member Since {memberSince}</Since>
    </Header>
  );
  if (loading)
    return (
      <PageMain aria-labelledby={titleId}>
        {header}
        <Muted aria-busy="true">Loading your account…</Muted>
      </PageMain>
    );
  return (
    <PageMain aria-labelledby={titleId}>
      {header}
      <Section aria-labelledby={billingId}>
        <SectionTitle id={billingId}>MEMBERSHIP &amp; BILLING</SectionTitle>
        <Body>
          <Row>
            <Strong>{email}</Strong>
          </Row>
          {planName && (endsOn || renewsOn) && (
            <Note id={membershipNoteId} ref={membershipNote} tabIndex={-1} css={{ '&:focus': { outline: 'none' } }}>
              {endsOn ? `Your membership ends on ${endsOn}.` : `Your next billing date is ${renewsOn}.`}
            </Note>
          )}
          {planName && endsOn ? (
            <Button
              tone="primary"
              size="md"
              css={{ borderRadius: '$1' }}
              disabled={busy || !onRestartMembership}
              aria-describedby={membershipNoteId}
              onClick={onRestartMembership}
            >
              {membershipStatus === 'busy' ? 'Restarting…' : 'Restart Membership'}
            </Button>
          ) : (
            <>
              <Button
                ref={cancelButton}
                tone="light"
                size="md"
                css={{ borderRadius: '$1', boxShadow: '0 1px 1px rgba(0,0,0,0.25)' }}
                disabled={planLoading || !planName || !onCancelMembership || busy}
                aria-describedby={planName && renewsOn ? membershipNoteId : undefined}
                aria-haspopup={confirmCancel ? 'dialog' : undefined}
                aria-expanded={confirmCancel ? confirmingCancel : undefined}
                onClick={() => (confirmCancel ? setConfirmingCancel(true) : onCancelMembership?.())}
              >
                {membershipStatus === 'busy' ? 'Cancelling…' : 'Cancel Membership'}
              </Button>
              {confirmCancel && (
                <ConfirmDialog
                  open={confirmingCancel}
                  onOpenChange={setConfirmingCancel}
                  title="Cancel membership?"
                  description={
                    renewsOn
                      ? `Your membership will end on ${renewsOn}. Until then you can keep watching, and restart it any time.`
                      : 'Your membership will end at the end of this billing period. Until then you can keep watching, and restart it any time.'
                  }
                  cancelLabel="Keep Membership"
                  confirmLabel="Finish Cancellation"
                  onConfirm={() => onCancelMembership?.()}
                  returnFocusTo={cancelButton}
                  focusAfterConfirm={membershipNote}
                />
              )}
            </>
          )}
          {membershipStatus === 'error' && (
            <PlanProblem>
              <Alert>{membershipError}</Alert>
              {onDismissMembershipError && (
                <Button size="sm" tone="secondary" onClick={onDismissMembershipError}>
                  Dismiss
                </Button>
              )}
            </PlanProblem>
          )}
          {paymentMethod}
        </Body>
      </Section>
      <Section aria-labelledby={planId}>
        <SectionTitle id={planId}>PLAN DETAILS</SectionTitle>
        <Row>
          {planError ? (
            <PlanProblem>
              <Alert>{planError}</Alert>
              {onRetryPlan && (
                <Button size="sm" tone="secondary" onClick={onRetryPlan}>
                  Try again
                </Button>
              )}
            </PlanProblem>
          ) : planLoading ? (
            <Muted aria-busy="true">Loading your plan…</Muted>
          ) : planName ? (
            <PlanName ref={planDetails} tabIndex={-1} css={{ '&:focus': { outline: 'none' } }}>
              <Strong>{planName}</Strong>
              {showScheduledChange && (
                <>
                  <Note id={scheduledNoteId}>{scheduledChange}</Note>
                  {onKeepCurrentPlan && (
                    <Button
                      tone="secondary"
                      size="sm"
                      css={{ justifySelf: 'start', marginTop: '$1' }}
                      disabled={busy}
                      aria-describedby={scheduledNoteId}
                      onClick={() => {
                        planDetails.current?.focus();
                        onKeepCurrentPlan();
                      }}
                    >
                      {membershipStatus === 'keepingPlan' ? 'Keeping…' : `Keep ${planName}`}
                    </Button>
                  )}
                </>
              )}
            </PlanName>
          ) : (
            <Muted>No plan yet</Muted>
          )}
          <Link
            href={changePlanHref}
            onClick={(event) => {
              if (!onChangePlan || !isPlainClick(event)) return;
              event.preventDefault();
              onChangePlan();
            }}
          >
            Change Plan
          </Link>
        </Row>
      </Section>
      {billingHistory && (
        <Section aria-labelledby={historyId}>
          <SectionTitle id={historyId}>BILLING HISTORY</SectionTitle>
          <div>{billingHistory}</div>
        </Section>
      )}
      {(security || devicesHref) && (
        <Section aria-labelledby={securityId}>
          <SectionTitle id={securityId}>SECURITY &amp; DEVICES</SectionTitle>
          <Body>
            {security}
            {devicesHref && (
              <Link
                href={devicesHref}
                onClick={(event) => {
                  if (!onDevicesClick || !isPlainClick(event)) return;
                  event.preventDefault();
                  onDevicesClick();
                }}
              >
                Manage signed-in devices
              </Link>
            )}
          </Body>
        </Section>
      )}
      {activityHref && (
        <Section aria-labelledby={`${id}-viewing`}>
          <SectionTitle id={`${id}-viewing`}>PROFILE &amp; VIEWING</SectionTitle>
          <Body>
            <Link
              href={activityHref}
              onClick={(event) => {
                if (!onActivityClick || !isPlainClick(event)) return;
                event.preventDefault();
                onActivityClick();
              }}
            >
              Viewing activity
            </Link>
          </Body>
        </Section>
      )}
      <Section as="div" css={{ borderBottom: 'none' }}>
        <SignOutButtons onSignOut={onSignOut} onSignOutEverywhere={onSignOutEverywhere} signingOut={signingOut} />
      </Section>
    </PageMain>
  );
}
