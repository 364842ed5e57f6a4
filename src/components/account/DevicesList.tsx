import { useId } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import { PageMain } from '../layout/PageMain';
import type { LoadStatus } from '../status';
import { styled } from '../stitches.config';

const Title = styled('h1', { margin: '0 0 $2', fontSize: '$5', fontWeight: 400 });
const Lead = styled('p', { margin: '0 0 $5', color: '$textMuted', fontSize: '$2' });
const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$3' });
const Item = styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  padding: '$4',
  borderRadius: '$2',
  backgroundColor: '$surfaceRaised',
});
const Facts = styled('div', { display: 'grid', gap: '$1' });
const Name = styled('h2', { margin: 0, fontSize: '$3', fontWeight: 700 });
const Fact = styled('p', { margin: 0, fontSize: '$2', color: '$textMuted' });
const Back = styled('a', {
  display: 'inline-block',
  marginTop: '$5',
  color: '#54b9ff',
  fontSize: '$2',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
});

export interface DeviceRow {
  id: string;
  device: string;
  /** "This device", or the address it was last seen from. */
  place: string;
  /** Already formatted, e.g. "29 November 2026, 01:20". */
  lastSeen: string;
}

export interface DevicesListProps {
  status: LoadStatus;
  error?: string | null;
  rows: DeviceRow[];
  /** The device being signed out (its button waits). */
  endingId?: string | null;
  onSignOut: (id: string) => void;
  onRetry?: () => void;
  /** Where "Back to Account" goes. */
  accountHref: string;
  onAccountClick?: () => void;
}

/** /account/devices: the signed-in devices, each with "Sign out" (docs/account.md). */
export function DevicesList({
  status,
  error,
  rows,
  endingId = null,
  onSignOut,
  onRetry,
  accountHref,
  onAccountClick,
}: DevicesListProps) {
  const id = useId();
  return (
    <PageMain aria-labelledby={`${id}-title`}>
      <Title id={`${id}-title`}>Signed-in devices</Title>
      <Lead>Sign out of any device you no longer use or do not recognise.</Lead>
      {error && (
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 16 }}>
          <Alert>{error}</Alert>
          {status === 'error' && onRetry && (
            <Button size="sm" tone="secondary" onClick={onRetry}>
              Try again
            </Button>
          )}
        </div>
      )}
      {status === 'loading' && rows.length === 0 ? (
        <Fact aria-busy="true">Loading your devices…</Fact>
      ) : (
        <List aria-busy={status === 'loading'}>
          {rows.map((row) => (
            <Item key={row.id} aria-labelledby={`${id}-${row.id}`}>
              <Facts>
                <Name id={`${id}-${row.id}`}>{row.device}</Name>
                <Fact>{row.place}</Fact>
                <Fact>Last seen {row.lastSeen}</Fact>
              </Facts>
              <Button
                tone="secondary"
                size="sm"
                disabled={endingId !== null}
                aria-describedby={`${id}-${row.id}`}
                onClick={() => onSignOut(row.id)}
              >
                {endingId === row.id ? 'Signing out…' : 'Sign out'}
              </Button>
            </Item>
          ))}
        </List>
      )}
      <Back
        href={accountHref}
        onClick={(event) => {
          if (!onAccountClick || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onAccountClick();
        }}
      >
        Back to Account
      </Back>
    </PageMain>
  );
}
