import { useId, useRef, useState } from 'react';

import { Button } from '../Button';
import { ConfirmDialog } from '../feedback/ConfirmDialog';
import { styled } from '../stitches.config';

const SignOutRow = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  '@tablet': { gridColumn: '2' },
});

const Hint = styled('p', { margin: 0, flexBasis: '100%', fontSize: '$1', color: '$textMuted' });

export interface SignOutButtonsProps {
  onSignOut: () => void;
  /** Ends every session of the account, on every device (offered when given, once confirmed). */
  onSignOutEverywhere?: () => void;
  /** A sign-out is under way: both buttons wait. */
  signingOut?: boolean;
}

/** The account page's last row: Sign Out, and Sign Out of All Devices with its confirmation. */
export function SignOutButtons({ onSignOut, onSignOutEverywhere, signingOut = false }: SignOutButtonsProps) {
  const everywhereId = useId();
  const everywhereButton = useRef<HTMLButtonElement>(null);
  const [confirmingEverywhere, setConfirmingEverywhere] = useState(false);
  return (
    <SignOutRow>
      <Button tone="secondary" size="md" onClick={onSignOut} disabled={signingOut}>
        Sign Out
      </Button>
      {onSignOutEverywhere && (
        <>
          <Button
            ref={everywhereButton}
            tone="secondary"
            size="md"
            onClick={() => setConfirmingEverywhere(true)}
            disabled={signingOut}
            aria-describedby={everywhereId}
            aria-haspopup="dialog"
            aria-expanded={confirmingEverywhere}
          >
            Sign Out of All Devices
          </Button>
          <Hint id={everywhereId}>Signs you out on every device and browser, this one included.</Hint>
          <ConfirmDialog
            open={confirmingEverywhere}
            onOpenChange={setConfirmingEverywhere}
            title="Sign out of all devices?"
            description="Every device and browser signed in to this account, this one included, will need to sign in again."
            cancelLabel="Stay Signed In"
            confirmLabel="Sign Out Everywhere"
            onConfirm={onSignOutEverywhere}
            returnFocusTo={everywhereButton}
          />
        </>
      )}
    </SignOutRow>
  );
}
