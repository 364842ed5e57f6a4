import { createContext } from 'react';

/**
 * Only one preview card is open in the page, though each row runs its own preview machine: a
 * pointer resting on a card in one row and P pressed on a focused card in another would open two.
 * Each row's preview joins; the one that opens last closes the others (open or about to open).
 */
export interface OpenPreviews {
  /** A row's preview joins with how to close it; the answer tells the others it opened, and leaves. */
  join: (close: () => void) => { opened: () => void; leave: () => void };
}

export function createOpenPreviews(): OpenPreviews {
  const closers = new Set<() => void>();
  return {
    join: (close) => {
      closers.add(close);
      return {
        opened: () => {
          for (const other of closers) if (other !== close) other();
        },
        leave: () => closers.delete(close),
      };
    },
  };
}

/** The page's previews: one set for the document, as only one page shows at a time. */
export const OpenPreviewsContext = createContext<OpenPreviews>(createOpenPreviews());
