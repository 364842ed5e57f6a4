import { type RefObject, useLayoutEffect, useRef } from 'react';

import { useRowPaging } from './use-row-paging';

/**
 * A row's paging arrows: the pages (from `useRowPaging`), `page`, which scrolls a page along and
 * tells `onPage` the card it brings to the start, and the arrows' refs. An arrow is hidden at
 * the row's start or end; when the one pressed goes, focus moves to the other, not to the page.
 */
export function useRowArrows(list: RefObject<HTMLElement | null>, count: number, onPage: (target: number) => void) {
  const prevArrow = useRef<HTMLButtonElement>(null);
  const nextArrow = useRef<HTMLButtonElement>(null);
  // The arrow that takes focus when the one pressed disappears at the row's start or end.
  const arrowHandOff = useRef<'prev' | 'next' | null>(null);
  const { pages, onScroll, pageBy } = useRowPaging(list, count);

  useLayoutEffect(() => {
    const handOff = arrowHandOff.current;
    if (!handOff) return;
    const to = handOff === 'prev' ? prevArrow.current : nextArrow.current;
    const from = handOff === 'prev' ? nextArrow.current : prevArrow.current;
    // Only once the arrow pressed has gone, and only if focus went with it.
    if (from || !to) return;
    arrowHandOff.current = null;
    if (document.activeElement === document.body || document.activeElement === null) to.focus();
  }, [pages.atStart, pages.atEnd]);

  const page = (direction: -1 | 1) => {
    const target = pageBy(direction);
    if (target === null) return;
    onPage(target);
    arrowHandOff.current = direction === 1 ? 'prev' : 'next';
  };

  return { pages, onScroll, page, prevArrow, nextArrow };
}
