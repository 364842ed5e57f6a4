import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export interface RowPages {
  /** The page shown (0-based) and how many there are; a page is the cards fully visible at this width. */
  page: number;
  count: number;
  atStart: boolean;
  atEnd: boolean;
}

const INITIAL: RowPages = { page: 0, count: 1, atStart: true, atEnd: true };

/** A pixel or two of rounding must not leave the row "almost" at its end. */
const SLACK = 2;

interface Geometry {
  /** One card plus the gap after it. */
  stride: number;
  perPage: number;
  /** The first card at least mostly in view. */
  first: number;
  padStart: number;
}

function geometryOf(list: HTMLElement): Geometry | null {
  const cards = list.querySelectorAll<HTMLElement>(':scope > li');
  if (cards.length === 0) return null;
  const style = getComputedStyle(list);
  const gap = parseFloat(style.columnGap) || 0;
  const padStart = parseFloat(style.paddingLeft) || 0;
  const stride = cards[0]!.getBoundingClientRect().width + gap;
  if (stride <= 0) return null;
  // The far edge keeps as much room as the near one: the next arrow sits over it.
  const visible = list.clientWidth - 2 * padStart;
  const perPage = Math.max(1, Math.floor((visible + gap) / stride));
  return { stride, perPage, first: Math.round(list.scrollLeft / stride), padStart };
}

/**
 * Paging for a scrolling row of cards: which page shows (read from the scroll position, so wheel,
 * trackpad, swipe and the roving focus all move it) and `pageBy`, which scrolls a page of cards
 * along. The list's CSS decides smooth or instant scrolling (instant under reduced motion).
 */
export function useRowPaging(listRef: RefObject<HTMLElement | null>, itemCount: number) {
  const [pages, setPages] = useState<RowPages>(INITIAL);
  const frame = useRef(0);
  // The card a page press is scrolling to: a second press while the smooth scroll is under way
  // pages on from there, not from wherever the scroll has got to.
  const heading = useRef<{ index: number; left: number } | null>(null);

  const measure = useCallback(() => {
    const list = listRef.current;
    const geometry = list && geometryOf(list);
    if (!list || !geometry) {
      setPages(INITIAL);
      return;
    }
    const count = Math.max(1, Math.ceil(itemCount / geometry.perPage));
    const max = list.scrollWidth - list.clientWidth;
    const atStart = list.scrollLeft <= SLACK;
    const atEnd = list.scrollLeft >= max - SLACK;
    const page = atEnd ? count - 1 : Math.min(count - 1, Math.round(geometry.first / geometry.perPage));
    const target = heading.current;
    if (target && (Math.abs(list.scrollLeft - target.left) <= SLACK || (target.left > max && atEnd)))
      heading.current = null;
    setPages((before) =>
      before.page === page && before.count === count && before.atStart === atStart && before.atEnd === atEnd
        ? before
        : { page, count, atStart, atEnd },
    );
  }, [listRef, itemCount]);

  // After the paint, not in the commit: a row's first measure forced the layout of the whole page
  // into the task that mounted it (every row of a section at once). The observer below measures
  // once the browser has laid the row out; this catches a change of the count alone.
  useEffect(measure, [measure]);

  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    // The end of a scroll, even one a wheel or a swipe cut short, ends a page press's heading.
    const arrived = () => {
      heading.current = null;
    };
    list.addEventListener('scrollend', arrived);
    const observer = new ResizeObserver(() => measure());
    observer.observe(list);
    return () => {
      observer.disconnect();
      list.removeEventListener('scrollend', arrived);
    };
  }, [listRef, measure]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  /** For the list's scroll events: once per frame at most. */
  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  }, [measure]);

  /** Scrolls one page of cards back (-1) or on (1); answers the index of the card it brings to the start. */
  const pageBy = useCallback(
    (direction: -1 | 1): number | null => {
      const list = listRef.current;
      const geometry = list && geometryOf(list);
      if (!list || !geometry) return null;
      const from = heading.current?.index ?? geometry.first;
      const target = Math.max(0, Math.min(itemCount - 1, from + direction * geometry.perPage));
      const card = list.querySelectorAll<HTMLElement>(':scope > li')[target];
      if (!card) return null;
      const offset = list.scrollLeft + card.getBoundingClientRect().left - list.getBoundingClientRect().left;
      const left = Math.max(0, offset - geometry.padStart);
      heading.current = { index: target, left };
      list.scrollTo({ left });
      return target;
    },
    [listRef, itemCount],
  );

  return { pages, onScroll, pageBy, measure };
}
