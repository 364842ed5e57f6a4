import { useId } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import { PageMain } from '../layout/PageMain';
import type { LoadStatus } from '../status';
import { styled, visuallyHiddenStyles } from '../stitches.config';
import { PlanEntitlements } from './PlanEntitlements';
import type { PlanOption } from './PlanList';

const Step = styled('p', { margin: 0, fontSize: '$2', textTransform: 'uppercase', color: '$textMuted' });

const Title = styled('h1', { margin: '$1 0 $4', fontSize: '$5', fontWeight: 700 });

const Legend = styled('legend', visuallyHiddenStyles);

const Fieldset = styled('fieldset', { border: 0, margin: 0, padding: 0, minWidth: 0 });

const Cards = styled('div', {
  display: 'grid',
  gap: '$3',
  '@tablet': { gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' },
});

// The whole card is the radio's label; the checked one is outlined, as the service marks it.
const Card = styled('label', {
  display: 'grid',
  alignContent: 'start',
  gap: '$1',
  padding: '$4',
  borderRadius: '$2',
  border: '2px solid $surfaceRaised',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: '$text' },
  '&:has(input:focus-visible)': { outline: '2px solid $focus', outlineOffset: '2px' },
  '&:has(input:disabled)': { cursor: 'not-allowed' },
});

const CardHead = styled('span', { display: 'flex', alignItems: 'center', gap: '$2' });

const Name = styled('span', { fontSize: '$3', fontWeight: 700 });

const Details = styled('span', { display: 'grid', gap: '$1' });

const Price = styled('span', { fontSize: '$2', fontWeight: 700 });

const Description = styled('span', { color: '$textMuted', fontSize: '$2', lineHeight: 1.4 });

const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$4', marginTop: '$5' });

const ErrorSlot = styled('div', { marginBottom: '$4', '&:has([role="alert"]:empty)': { display: 'none' } });

export interface PlanChoiceProps {
  /** The plans on offer, one price each (the change-plan rows' options; no change or note here). */
  plans: Pick<PlanOption, 'priceId' | 'name' | 'description' | 'priceText' | 'entitlements'>[];
  /** The chosen plan's price, or null before a choice. */
  value: string | null;
  onValueChange: (priceId: string) => void;
  /** 'loading': the plans are being read; 'error': `error` is shown. */
  status?: LoadStatus;
  /** Why the plans could not be read, or why the checkout could not start. */
  error?: string | null;
  /** The checkout is starting: Next says so, and nothing can be changed. */
  pending?: boolean;
  /** Next: pays for the chosen plan on the hosted checkout. */
  onNext: () => void;
  /** "Browse first": on without a plan. */
  onBrowse: () => void;
  /** Offered with an error. */
  onRetry?: () => void;
  retryLabel?: string;
}

/** The join step after sign-up: "Choose the plan that's right for you", then Next to pay. */
export function PlanChoice({
  plans,
  value,
  onValueChange,
  status = 'ready',
  error: failure,
  pending = false,
  onNext,
  onBrowse,
  onRetry,
  retryLabel = 'Try again',
}: PlanChoiceProps) {
  const titleId = useId();
  const loading = status === 'loading';
  const error = status === 'error' ? failure : null;
  return (
    <PageMain aria-labelledby={titleId} aria-busy={loading || pending || undefined}>
      <Step>Step 2 of 3</Step>
      <Title id={titleId}>Choose the plan that&apos;s right for you</Title>
      <ErrorSlot>
        <Alert>{error}</Alert>
        {error && onRetry && (
          <Button size="sm" tone="secondary" css={{ marginTop: '$3' }} onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </ErrorSlot>
      <Fieldset disabled={pending}>
        <Legend>Plans</Legend>
        <Cards>
          {plans.map((plan, index) => {
            const nameId = `${titleId}-name-${index}`;
            const detailsId = `${titleId}-details-${index}`;
            return (
              <Card key={plan.priceId}>
                <CardHead>
                  {/* Named by the plan alone; its price and what it gives are its description. */}
                  <input
                    type="radio"
                    name={`${titleId}-plan`}
                    value={plan.priceId}
                    checked={value === plan.priceId}
                    aria-labelledby={nameId}
                    aria-describedby={detailsId}
                    onChange={() => onValueChange(plan.priceId)}
                  />
                  <Name id={nameId}>{plan.name}</Name>
                </CardHead>
                <Details id={detailsId}>
                  <Price>{plan.priceText}</Price>
                  <Description>{plan.description}</Description>
                  {plan.entitlements && <PlanEntitlements {...plan.entitlements} />}
                </Details>
              </Card>
            );
          })}
        </Cards>
      </Fieldset>
      <Actions>
        <Button size="lg" tone="primary" disabled={pending || loading || value === null} onClick={onNext}>
          {pending ? 'Starting checkout…' : 'Next'}
        </Button>
        <Button size="md" tone="link" disabled={pending} onClick={onBrowse}>
          Browse first
        </Button>
      </Actions>
    </PageMain>
  );
}
