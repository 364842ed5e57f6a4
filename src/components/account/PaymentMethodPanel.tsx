import { type FormEvent, useId } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import { styled } from '../stitches.config';
import { TextField } from '../TextField';

const Panel = styled('div', { display: 'grid', gap: '$3', width: '100%', maxWidth: '440px' });
const Line = styled('p', { margin: 0, fontSize: '$2' });
const Row = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3' });
const Pair = styled('div', { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '$3' });

export interface PaymentCardValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface PaymentMethodPanelProps {
  /** "Visa •••• 4242"; null when there is no card on file. */
  card: string | null;
  /** 'loading' while read; 'editing' shows the form; 'saving' while a card is checked. */
  stage: 'loading' | 'showing' | 'editing' | 'saving' | 'failed';
  error?: string | null;
  /** Said once a new card is on file. */
  saved?: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSubmit: (card: PaymentCardValues) => void;
  onRetry?: () => void;
}

/** The card renewals charge, and "Update payment method" (docs/account.md). */
export function PaymentMethodPanel({
  card,
  stage,
  error,
  saved = false,
  onEdit,
  onCancel,
  onSubmit,
  onRetry,
}: PaymentMethodPanelProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    onSubmit({ number: value('number'), expiry: value('expiry'), cvc: value('cvc'), name: value('name') });
  };
  if (stage === 'failed') {
    return (
      <Row>
        <Alert>{error}</Alert>
        {onRetry && (
          <Button size="sm" tone="secondary" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Row>
    );
  }
  if (stage === 'showing' || stage === 'loading') {
    // While the card is read, the card's own shape with its button held unseen: nothing below
    // moves when it arrives.
    const loading = stage === 'loading';
    return (
      <Panel aria-busy={loading || undefined}>
        <Line>{loading ? 'Loading your card…' : (card ?? 'No card on file')}</Line>
        <p role="status" style={{ margin: 0, fontSize: 14 }}>
          {saved && !loading ? 'Your payment method has been updated.' : ''}
        </p>
        {(loading || card) && (
          <Button
            tone="secondary"
            size="sm"
            css={{ justifySelf: 'start', visibility: loading ? 'hidden' : undefined }}
            onClick={onEdit}
          >
            Update payment method
          </Button>
        )}
      </Panel>
    );
  }
  const busy = stage === 'saving';
  return (
    <Panel as="form" aria-labelledby={`${id}-title`} aria-busy={busy} noValidate onSubmit={submit}>
      <Line id={`${id}-title`} as="h3" css={{ fontWeight: 700 }}>
        New card
      </Line>
      <Alert>{error}</Alert>
      <TextField
        label="Card number"
        name="number"
        inputMode="numeric"
        autoComplete="cc-number"
        readOnly={busy}
        autoFocus
      />
      <Pair>
        <TextField label="Expiry (MM / YY)" name="expiry" autoComplete="cc-exp" readOnly={busy} />
        <TextField label="Security code" name="cvc" inputMode="numeric" autoComplete="cc-csc" readOnly={busy} />
      </Pair>
      <TextField label="Name on card" name="name" autoComplete="cc-name" readOnly={busy} />
      <Row>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save card'}
        </Button>
        <Button tone="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </Row>
    </Panel>
  );
}
