import { fromCallback } from 'xstate';

import { type TopBarEvent, topBarMachine } from '../../machines/browse/top-bar.machine';

// Apart from browse-logic.ts, whose row, hero and preview machines only the browse pages need:
// the top bar is on every signed-in page.

/** The top bar's look, following the window's scroll position (once per frame at most). */
export const liveTopBar = topBarMachine.provide({
  actors: {
    watchScroll: fromCallback<TopBarEvent>(({ sendBack }) => {
      let frame = 0;
      const onScroll = () => {
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(() => sendBack({ type: 'page.scrolled', y: window.scrollY }));
      };
      onScroll();
      window.addEventListener('scroll', onScroll, { passive: true });
      return () => {
        cancelAnimationFrame(frame);
        window.removeEventListener('scroll', onScroll);
      };
    }),
  },
});
