import { useCallback, useState } from 'react';

export interface OpenStateOptions {
  /** Open, when the parent controls it. */
  open?: boolean;
  /** Open at first, when the component keeps its own state. */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * Whether something is open, controlled by the parent (`open` and `onOpenChange`) or kept by the
 * component (`defaultOpen`), as Radix's own parts take it: the lazy menus and the confirmation
 * keep the same props before their Radix half has loaded.
 */
export function useOpenState({ open, defaultOpen, onOpenChange }: OpenStateOptions) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen ?? false);
  const setOpen = useCallback(
    (next: boolean) => {
      if (open === undefined) setUncontrolledOpen(next);
      onOpenChange?.(next);
    },
    [open, onOpenChange],
  );
  return [open ?? uncontrolledOpen, setOpen] as const;
}
