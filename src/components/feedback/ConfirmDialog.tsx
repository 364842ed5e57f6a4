import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useRef } from 'react';

import { Button } from '../Button';
import { keyframes, styled } from '../stitches.config';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

const Overlay = styled(Dialog.Overlay, {
  position: 'fixed',
  inset: 0,
  zIndex: '$overlay',
  backgroundColor: 'rgba(0, 0, 0, 0.7)',
  '&[data-state="open"]': { animation: `${fadeIn} 150ms ease-out` },
  '@reducedMotion': { '&[data-state="open"]': { animation: 'none' } },
});

const Content = styled(Dialog.Content, {
  position: 'fixed',
  top: '50%',
  left: '50%',
  zIndex: '$overlay',
  transform: 'translate(-50%, -50%)',
  boxSizing: 'border-box',
  display: 'grid',
  gap: '$4',
  width: 'min(90vw, 480px)',
  maxHeight: '90vh',
  overflowY: 'auto',
  padding: '$5',
  borderRadius: '$2',
  backgroundColor: '$surface',
  boxShadow: '0 12px 48px rgba(0, 0, 0, 0.75)',
  '&:focus': { outline: 'none' },
  '&[data-state="open"]': { animation: `${fadeIn} 150ms ease-out` },
  '@reducedMotion': { '&[data-state="open"]': { animation: 'none' } },
});

const Title = styled(Dialog.Title, { margin: 0, fontSize: '$4', fontWeight: 700, lineHeight: 1.2 });

const Description = styled(Dialog.Description, { margin: 0, fontSize: '$2', lineHeight: 1.5, color: '$textMuted' });

const Actions = styled('div', { display: 'flex', flexWrap: 'wrap-reverse', justifyContent: 'flex-end', gap: '$3' });

export interface ConfirmDialogProps {
  /** The button that opens it (rendered as Radix's Trigger, asChild): focus returns to it on cancel. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  /** The action, e.g. "Finish Cancellation". */
  confirmLabel: string;
  /** Leaves things as they are, e.g. "Keep Membership"; it has focus when the dialog opens. */
  cancelLabel: string;
  onConfirm: () => void;
  /** Where focus goes once the action is confirmed (the trigger may be disabled or gone by then). */
  focusAfterConfirm?: RefObject<HTMLElement | null>;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A confirmation before an action that is hard to undo, with the behaviour of Radix's AlertDialog
 * (role="alertdialog", focus on the harmless choice, Escape cancels, a click outside does nothing)
 * built on @radix-ui/react-dialog, which the app already ships, rather than one more package.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  focusAfterConfirm,
  open,
  defaultOpen,
  onOpenChange,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  return (
    <Dialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Overlay />
        <Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            confirmed.current = false;
            event.preventDefault();
            cancelRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = confirmed.current ? focusAfterConfirm?.current : null;
            if (!target) return;
            event.preventDefault();
            target.focus();
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
