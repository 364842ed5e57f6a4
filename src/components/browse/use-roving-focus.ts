import { type KeyboardEvent, useRef, useState } from 'react';

/** Where a roving-focus key moves from `index` in a row whose last card is `last`. */
function targetIndex(key: string, index: number, last: number): number | null {
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

/** The card an event came from (the card or a control its extras put beside it), or -1. */
export const cardIndexOf = (target: EventTarget | null) =>
  Number((target as HTMLElement | null)?.closest?.('li[data-index]')?.getAttribute('data-index') ?? -1);

/**
 * A roving tabindex over a row of `count` cards: one card is the row's tab stop (`current`), and
 * arrows, Home and End move it, so the row is one stop however long it is.
 */
export function useRovingFocus(count: number) {
  const cards = useRef<Array<HTMLButtonElement | null>>([]);
  const [active, setActive] = useState(0);
  // Kept as an index so the position survives a re-render with fresh items; clamped if the row shrinks.
  const current = Math.min(active, Math.max(count - 1, 0));

  const focusCard = (index: number) => cards.current[index]?.focus({ preventScroll: true });

  /** Moves the tab stop from card `from` for a roving key (arrows, Home, End); other keys pass. */
  const move = (event: KeyboardEvent, from: number) => {
    const to = targetIndex(event.key, from, count - 1);
    if (to === null) return;
    event.preventDefault();
    setActive(to);
    focusCard(to);
    // The list's CSS scroll-behavior decides smooth or instant (instant under reduced motion).
    cards.current[to]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  return { cards, current, setActive, focusCard, move };
}
