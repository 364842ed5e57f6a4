import { useEffect, useRef } from 'react';

import { styled } from '../stitches.config';
import type { PlayerButtons } from './player-buttons';

export interface ShortcutHelpProps {
  shortcuts: readonly { keys: readonly string[]; action: string }[];
  /** Closed by its button, Esc or a click outside; focus goes back where it was. */
  onClose: () => void;
  /** The player's buttons (player-buttons.ts). */
  buttons: PlayerButtons;
}

const Dialog = styled('dialog', {
  maxWidth: 'min(520px, 92vw)',
  padding: '$5',
  border: 'none',
  borderRadius: '$3',
  backgroundColor: 'rgba(20, 20, 20, 0.96)',
  color: '$text',
  fontFamily: '$body',
  '&::backdrop': { backgroundColor: 'rgba(0, 0, 0, 0.6)' },
});

const Heading = styled('h2', { margin: '0 0 $4', fontSize: '$4' });

const List = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '$5',
  rowGap: '$2',
  margin: '0 0 $5',
  '& dt': { display: 'flex', gap: '$1' },
  '& dd': { margin: 0, color: '$textMuted' },
});

const Key = styled('kbd', {
  minWidth: '28px',
  padding: '2px $2',
  border: '1px solid rgba(255, 255, 255, 0.4)',
  borderRadius: '$2',
  fontFamily: '$body',
  textAlign: 'center',
});

/**
 * The player's keyboard shortcuts, on `?`, as Jellyfin and YouTube list theirs: a modal <dialog>
 * (the browser traps focus, closes it on Esc and restores focus), so it needs no dialog library.
 */
export function ShortcutHelp({ shortcuts, onClose, buttons: { PrimaryButton } }: ShortcutHelpProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    return () => element?.close?.();
  }, []);
  return (
    <Dialog
      ref={dialog}
      aria-labelledby="shortcut-help-heading"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Heading id="shortcut-help-heading">Keyboard shortcuts</Heading>
      <List>
        {shortcuts.map(({ keys, action }) => (
          <div key={action} style={{ display: 'contents' }}>
            <dt>
              {keys.map((key) => (
                <Key key={key}>{key}</Key>
              ))}
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </List>
      <PrimaryButton onClick={onClose} autoFocus>
        Close
      </PrimaryButton>
    </Dialog>
  );
}
