import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';

import { Button } from '../Button';
import { styled } from '../stitches.config';
import { DialogBox, DialogOverlay } from './dialog-overlay';

const Content = styled(DialogBox, {
  boxSizing: 'border-box',
  display: 'grid',
  gap: '$4',
  width: 'min(90vw, 480px)',
  maxHeight: '90vh',
  overflowY: 'auto',
  padding: '$5',
  borderRadius: '$2',
});

const Title = styled(Dialog.Title, { margin: 0, fontSize: '$4', fontWeight: 700, lineHeight: 1.2 });

const Description = styled(Dialog.Description, { margin: 0, fontSize: '$2', lineHeight: 1.5, color: '$textMuted' });

const Actions = styled('div', { display: 'flex', flexWrap: 'wrap-reverse', justifyContent: 'flex-end', gap: '$3' });

/** What the loaded dialog gets from ConfirmDialog. */
export interface ConfirmDialogPartsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Where focus goes when it closes: `confirmed` tells whether the action was chosen. */
  focusOnClose: (confirmed: boolean) => HTMLElement | null | undefined;
}

/**
 * ConfirmDialog's Radix half (a chunk of its own, loaded at idle or on first use, so that the
 * account page's first load does without it). It behaves as Radix's AlertDialog (role
 * "alertdialog", focus on the harmless choice, Escape cancels, a click outside does nothing), on
 * @radix-ui/react-dialog, which the app already ships, rather than one more package.
 */
export function ConfirmDialogParts({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  focusOnClose,
}: ConfirmDialogPartsProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <DialogOverlay />
        <Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            confirmed.current = false;
            event.preventDefault();
            cancelRef.current?.focus();
          }}
          // There is no Radix Trigger (the button is the page's own, there before this loads).
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            focusOnClose(confirmed.current)?.focus();
          }}
          // As an alert dialog: an answer is needed, so a stray click outside is not one.
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <Title>{title}</Title>
          <Description>{description}</Description>
          <Actions>
            <Dialog.Close asChild>
              <Button ref={cancelRef} tone="secondary" size="md">
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Dialog.Close asChild>
              <Button
                tone="primary"
                size="md"
                onClick={() => {
                  confirmed.current = true;
                  onConfirm();
                }}
              >
                {confirmLabel}
              </Button>
            </Dialog.Close>
          </Actions>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
