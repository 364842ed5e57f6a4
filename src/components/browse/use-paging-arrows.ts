import { type RefObject, useLayoutEffect, useRef } from 'react';

import { useRowPaging } from './use-row-paging';

/**
 * The row's paging arrows: the page they show (useRowPaging), and focus handed to the other arrow
 * when the one pressed disappears at the row's start or end (so a keyboard user is not dropped on
 * the page's body).
 */
export function usePagingArrows(list: RefObject<HTMLUListElement | null>, count: number) {
  const prevArrow = useRef<HTMLButtonElement>(null);
  const nextArrow = useRef<HTMLButtonElement>(null);
  // The arrow that takes focus when the one pressed disappears.
  const handOff = useRef<'prev' | 'next' | null>(null);
  const { pages, onScroll, pageBy } = useRowPaging(list, count);

  useLayoutEffect(() => {
    const side = handOff.current;
    if (!side) return;
    const to = side === 'prev' ? prevArrow.current : nextArrow.current;
    const from = side === 'prev' ? nextArrow.current : prevArrow.current;
    // Only once the arrow pressed has gone, and only if focus went with it.
    if (from || !to) return;
    handOff.current = null;
    if (document.activeElement === document.body || document.activeElement === null) to.focus();
  }, [pages.atStart, pages.atEnd]);

  /** Scrolls a page back (-1) or on (1); the index of the first card then in view, or null when it cannot. */
  const page = (direction: -1 | 1): number | null => {
    const target = pageBy(direction);
    if (target === null) return null;
    handOff.current = direction === 1 ? 'prev' : 'next';
    return target;
  };

  return { pages, onScroll, page, prevArrow, nextArrow };
}
