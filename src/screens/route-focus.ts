import { useEffect, useRef } from 'react';

/** How long a new page's heading is waited for (a screen may still be loading its chunk or data). */
const WAIT_FOR_HEADING_MS = 5000;

/**
 * After a move to another address, puts focus on the new page's main heading when focus was
 * lost on the way: the control that moved it (a profile tile, a link in the page) belonged to
 * the old page and is gone, which leaves focus on <body>, so keyboard and screen-reader users
 * would start again from the top. Focus that is still somewhere (the top bar's menu button, the
 * search box being typed in) is left where it is. Not on the first page, which starts at the top.
 */
export function useRouteFocus(location: string): void {
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    const giveUpAt = performance.now() + WAIT_FOR_HEADING_MS;
    let frame = 0;
    const attempt = () => {
      const focusLost = document.activeElement === null || document.activeElement === document.body;
      if (!focusLost) return;
      // The first one shown: a page kept beneath the search page is in the document, hidden.
      const heading = [...document.querySelectorAll<HTMLElement>('main h1')].find(
        (candidate) => !candidate.closest('[hidden]'),
      );
      if (heading) {
        // Focusable from script only: it does not become a tab stop.
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      } else if (performance.now() < giveUpAt) {
        frame = requestAnimationFrame(attempt);
      }
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [location]);
}
