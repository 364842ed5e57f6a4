import { Fragment } from 'react';

import { VisuallyHidden } from '../browse/BrowseLayout';
import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import type { LoadStatus } from '../status';
import { styled, visuallyHiddenStyles } from '../stitches.config';

const Table = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '$2',
  '& th': {
    textAlign: 'left',
    color: '$textMuted',
    fontWeight: 400,
    fontSize: '$1',
    padding: '0 $3 $2 0',
    borderBottom: '1px solid $surfaceRaised',
  },
  '& td': { padding: '$3 $3 $3 0', borderBottom: '1px solid $surfaceRaised', verticalAlign: 'top' },
  '& td:nth-child(3), & th:nth-child(3)': { textAlign: 'right', whiteSpace: 'nowrap' },
  '& tr:last-child td': { borderBottom: 'none' },
  // An upgrade's proration lines, under the charge they make up.
  '& tr[data-line] td': { color: '$textMuted', fontSize: '$1', paddingTop: 0 },
  '& tr[data-line] td:nth-child(2)': { paddingLeft: '$3' },
  '& tr:has(+ tr[data-line]) td': { borderBottom: 'none' },
  // A phone is too narrow for four columns: each charge becomes a small block of lines.
  '@media (max-width: 479px)': {
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
    '& tr': {
      display: 'grid',
      gridTemplateColumns: '1fr auto',
      gap: '$1 $3',
      padding: '$3 0',
      borderBottom: '1px solid $surfaceRaised',
    },
    '& td': { padding: 0, border: 'none' },
    '& td:nth-child(3)': { textAlign: 'left' },
    '& td:nth-child(2), & td:nth-child(4)': { color: '$textMuted', textAlign: 'right' },
    '& tr[data-line]': { paddingTop: 0 },
    '& tr[data-line] td:nth-child(1), & tr[data-line] td:nth-child(4)': { display: 'none' },
    '& tr[data-line] td:nth-child(2)': { textAlign: 'left', paddingLeft: '$3' },
    '& tr[data-line] td:nth-child(3)': { textAlign: 'right' },
  },
});

const Caption = styled('caption', visuallyHiddenStyles);

const Muted = styled('p', { margin: 0, fontSize: '$2', color: '$textMuted', fontStyle: 'italic' });

const Problem = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$3' });

/** One charge, already formatted. */
export interface BillingHistoryRow {
  id: string;
  /** e.g. "20 November 2026" */
  date: string;
  plan: string;
  /** e.g. "GBP 4.50" */
  amount: string;
  /** e.g. "Visa •••• 4242"; absent when the provider does not say. */
  card?: string | null;
  /**
   * An upgrade's proration, each line on its own under the charge: e.g. "Remaining time on
   * Premium" GBP 5.50 and "Unused time on Basic" −GBP 2.50.
   */
  lines?: { description: string; amount: string }[];
}

export interface BillingHistoryProps {
  status: LoadStatus;
  /** Newest first. */
  rows: BillingHistoryRow[];
  /** Why the history could not be read (status 'error'). */
  error?: string | null;
  onRetry?: () => void;
}

/**
 * The account page's billing history: date, plan, amount and card of every charge, newest first;
 * an upgrade's proration as its own lines under its charge.
 */
export function BillingHistory({ status, rows, error, onRetry }: BillingHistoryProps) {
  if (status === 'error') {
    return (
      <Problem>
        <Alert>{error}</Alert>
        {onRetry && (
          <Button size="sm" tone="secondary" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Problem>
    );
  }
  if (status === 'loading') return <Muted aria-busy="true">Loading your billing history…</Muted>;
  if (rows.length === 0) return <Muted>No payments yet</Muted>;
  return (
    <Table>
      <Caption>Billing history, newest first</Caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Plan</th>
          <th scope="col">Amount</th>
          <th scope="col">Payment method</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Fragment key={row.id}>
            <tr>
              <td>{row.date}</td>
              <td>{row.plan}</td>
              <td>{row.amount}</td>
              <td>{row.card ?? '—'}</td>
            </tr>
            {row.lines?.map((line, index) => (
              <tr key={index} data-line="proration">
                <td>
                  <VisuallyHidden>Proration</VisuallyHidden>
                </td>
                <td>{line.description}</td>
                <td>{line.amount}</td>
                <td />
              </tr>
            ))}
          </Fragment>
        ))}
      </tbody>
    </Table>
  );
}
