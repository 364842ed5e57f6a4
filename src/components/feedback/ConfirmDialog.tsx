import { type ReactNode, type RefObject, useEffect, useState } from 'react';

import { chunkLoader } from '../../chunk-loader';
import { whenIdle } from '../../when-idle';
import { useOpenState } from '../use-open-state';

const parts = chunkLoader(() => import('./ConfirmDialogParts').then((module) => module.ConfirmDialogParts));

/** Downloads the dialog's Radix half ahead of time (stories' loaders; the dialog does it itself at idle). */
export const preloadConfirmDialog = () => parts.preload();

export interface ConfirmDialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The action, e.g. "Finish Cancellation". */
  confirmLabel: string;
  /** Leaves things as they are, e.g. "Keep Membership"; it has focus when the dialog opens. */
  cancelLabel: string;
  onConfirm: () => void;
  /** The button that opened it: focus returns there when the dialog is left without confirming. */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** Where focus goes once the action is confirmed (the opening button may be disabled or gone by then). */
  focusAfterConfirm?: RefObject<HTMLElement | null>;
}

/**
 * A confirmation before an action that is hard to undo. The page's own button opens it (set
 * `open`); its Radix half (ConfirmDialogParts.tsx) is a chunk of its own, downloaded at idle, or
 * at once when asked to open before it is there, as the lazy menus do.
 */
export function ConfirmDialog({
  open,
  defaultOpen,
  onOpenChange,
  returnFocusTo,
  focusAfterConfirm,
  ...props
}: ConfirmDialogProps) {
  const [Parts, setParts] = useState(() => parts.current);
  const [isOpen, setOpen] = useOpenState({ open, defaultOpen, onOpenChange });

  // Wanted now when open, else at the first idle moment; a failed download is asked for again on the next open.
  useEffect(() => {
    if (Parts) return;
    const load = () =>
      void parts.preload().then((loaded) => {
        if (loaded) setParts(() => loaded);
        // It could not be downloaded: closed again, so that the next press asks once more.
        else if (isOpen) setOpen(false);
      });
    if (isOpen) load();
    else whenIdle(load);
  }, [Parts, isOpen, setOpen]);

  if (!Parts) return null;
  return (
    <Parts
      {...props}
      open={isOpen}
      onOpenChange={setOpen}
      focusOnClose={(confirmed) => (confirmed ? (focusAfterConfirm?.current ?? null) : null) ?? returnFocusTo.current}
    />
  );
}
