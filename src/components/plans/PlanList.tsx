import { useId } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import { PageMain } from '../layout/PageMain';
import type { LoadStatus } from '../status';
import { styled } from '../stitches.config';
import { PlanEntitlements, type PlanEntitlementsText } from './PlanEntitlements';

const Header = styled('div', {
  display: 'grid',
  gap: '$2',
  paddingBottom: '$4',
  borderBottom: '1px solid $surfaceRaised',
});

const Title = styled('h1', { margin: 0, fontSize: '$5', fontWeight: 400 });

const Renewal = styled('p', { margin: 0, color: '$textMuted', fontSize: '$2' });

const List = styled('ul', { margin: 0, padding: 0, listStyle: 'none' });

const Row = styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3 $5',
  padding: '$5 0',
  borderBottom: '1px solid $surfaceRaised',
  variants: { current: { true: { '& h2': { color: '$text' } } } },
});

const Info = styled('div', { display: 'grid', gap: '$1', flex: '1 1 260px' });

const Name = styled('h2', { margin: 0, fontSize: '$3', fontWeight: 700 });

const Description = styled('p', { margin: 0, color: '$textMuted', fontSize: '$2', lineHeight: 1.4 });

const Price = styled('p', { margin: 0, fontSize: '$2', fontWeight: 700, whiteSpace: 'nowrap' });

const Note = styled('p', { margin: '$1 0 0', color: '$text', fontSize: '$2', lineHeight: 1.4 });

const Success = styled('p', {
  margin: '$4 0 0',
  padding: '$3 $4',
  borderRadius: '$2',
  backgroundColor: '$surfaceRaised',
  fontSize: '$2',
  // Empty, it takes no room but stays in the page: a live region must exist before its words do.
  '&:empty': { margin: 0, padding: 0 },
});

const ErrorSlot = styled('div', { marginTop: '$4', '&:has([role="alert"]:empty)': { display: 'none' } });

const Actions = styled('div', { display: 'flex', gap: '$3', marginTop: '$3' });

export interface PlanOption {
  /** The price subscribed to by this row's button. */
  priceId: string;
  name: string;
  description: string;
  /** The plan's highest resolution and screens at once, from its product record; absent when it records none. */
  entitlements?: PlanEntitlementsText | null;
  /** Already formatted, e.g. 'GBP 6.99/month'. */
  priceText: string;
  /** The plan subscribed to now: its button reads 'Current Package' and does nothing. */
  current: boolean;
  /**
   * What choosing it does for a subscriber: 'upgrade' (paid at checkout now), 'downgrade' (from
   * the next renewal, nothing to pay), 'scheduled' (that downgrade is already set). Absent: Subscribe.
   */
  change?: 'upgrade' | 'downgrade' | 'scheduled' | null;
  /** Already formatted: what it costs and when, e.g. "You'll pay GBP 4.50 today, then …". */
  note?: string | null;
}

export interface PlanListProps {
  plans: PlanOption[];
  /** Already formatted, shown as 'Renewal date: {date}' when there is a subscription. */
  renewalDate?: string | null;
  /** 'loading': the plans are being read and the list is aria-busy; 'error': `error` is shown. */
  status?: LoadStatus;
  /** The price whose checkout is starting: its button says so; every button is disabled. */
  pendingPriceId?: string | null;
  /** Why the plans could not be read, or why a change failed, while the status is 'error'. */
  error?: string | null;
  /** A checkout just paid, in words: "Payment complete. You're now on the Premium plan." */
  success?: string | null;
  /** Subscribe or Upgrade: a checkout for this price. */
  onSubscribe: (priceId: string, current: boolean) => void;
  /** Downgrade: schedules the change for the next renewal. */
  onDowngrade?: (priceId: string) => void;
  /** Offered with an error: reads the plans again, or closes a checkout error. */
  onRetry?: () => void;
  retryLabel?: string;
}

function buttonText(plan: PlanOption, pending: boolean): string {
  if (plan.current) return 'Current Package';
  if (plan.change === 'scheduled') return 'Change Scheduled';
  if (pending) return plan.change === 'downgrade' ? 'Scheduling…' : 'Starting checkout…';
  if (plan.change === 'upgrade') return 'Upgrade';
  if (plan.change === 'downgrade') return 'Downgrade';
  return 'Subscribe';
}

/** The /change-plan screen body (docs/spec.md §2): one row per active plan with its own price. */
export function PlanList({
  plans,
  renewalDate,
  status = 'ready',
  pendingPriceId = null,
  error: failure,
  success = null,
  onSubscribe,
  onDowngrade,
  onRetry,
  retryLabel = 'Try again',
}: PlanListProps) {
  const titleId = useId();
  const pending = pendingPriceId !== null;
  const loading = status === 'loading';
  const error = status === 'error' ? failure : null;
  return (
    <PageMain aria-labelledby={titleId}>
      <Header>
        <Title id={titleId}>Change Streaming Plan</Title>
        {renewalDate && <Renewal>Renewal date: {renewalDate}</Renewal>}
      </Header>
      {/* Always in the page, so that a screen reader announces the words when they arrive. */}
      <Success role="status">{success}</Success>
      <ErrorSlot>
        <Alert>{error}</Alert>
        {error && onRetry && (
          <Actions>
            <Button size="sm" tone="secondary" onClick={onRetry}>
              {retryLabel}
            </Button>
          </Actions>
        )}
      </ErrorSlot>
      <List aria-labelledby={titleId} aria-busy={loading || pending || undefined}>
        {plans.map((plan, index) => {
          const nameId = `${titleId}-plan-${index}`;
          const noteId = `${titleId}-note-${index}`;
          // The current plan's button does nothing (docs/spec.md §4), nor does an already scheduled change.
          const inert = plan.current || plan.change === 'scheduled';
          const onClick =
            plan.change === 'downgrade' && onDowngrade
              ? () => onDowngrade(plan.priceId)
              : () => onSubscribe(plan.priceId, inert);
          return (
            <Row key={plan.priceId} current={plan.current}>
              <Info>
                <Name id={nameId}>{plan.name}</Name>
                <Description>{plan.description}</Description>
                {plan.entitlements && <PlanEntitlements {...plan.entitlements} />}
                {plan.note && <Note id={noteId}>{plan.note}</Note>}
              </Info>
              <Price>{plan.priceText}</Price>
              <Button
                size="md"
                tone={inert ? 'secondary' : 'primary'}
                // It says so to assistive technology.
                aria-disabled={inert || undefined}
                disabled={pending}
                aria-describedby={plan.note ? `${nameId} ${noteId}` : nameId}
                css={{ minWidth: '170px' }}
                onClick={onClick}
              >
                {buttonText(plan, pendingPriceId === plan.priceId)}
              </Button>
            </Row>
          );
        })}
      </List>
    </PageMain>
  );
}
