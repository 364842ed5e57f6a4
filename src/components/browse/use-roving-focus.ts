import { useRef, useState } from 'react';

/** Where a roving-focus key moves from `index` in a row whose last card is `last`. */
export function targetIndex(key: string, index: number, last: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, last);
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** The index of the row cell an event came from (a card, or a control its extras put beside it); -1 if none. */
export const cellIndexOf = (target: EventTarget | null) =>
  Number((target as HTMLElement | null)?.closest?.('li[data-index]')?.getAttribute('data-index') ?? -1);

/**
 * A row of `count` cards as one tab stop (roving tabindex): only the current card is tabbable,
 * and arrows, Home and End move focus along the row.
 */
export function useRovingFocus(count: number) {
  const cards = useRef<Array<HTMLButtonElement | null>>([]);
  const [active, setActive] = useState(0);
  // Kept as an index so the position survives a re-render with fresh items; clamped if the row shrinks.
  const current = Math.min(active, Math.max(count - 1, 0));

  const focusCard = (index: number) => cards.current[index]?.focus({ preventScroll: true });

  /** Moves for an arrow, Home or End pressed on cell `from`; false when the key is none of those. */
  const move = (key: string, from: number): boolean => {
    const to = targetIndex(key, from, count - 1);
    if (to === null) return false;
    setActive(to);
    const card = cards.current[to];
    // The list's CSS scroll-behavior decides smooth or instant (instant under reduced motion).
    card?.focus({ preventScroll: true });
    card?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    return true;
  };

  const cardRef = (index: number) => (element: HTMLButtonElement | null) => {
    cards.current[index] = element;
  };

  return { cards, current, setActive, focusCard, move, cardRef };
}
