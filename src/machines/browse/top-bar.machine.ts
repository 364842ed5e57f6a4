import { assign, fromCallback, not, setup } from 'xstate';

import { notProvided } from '../not-provided';

/** docs/spec.md §2: the bar turns solid after scrolling more than this many pixels. */
export const SOLID_AFTER_SCROLL_PX = 100;

export interface TopBarContext {
  scrollY: number;
  path: string;
}

export type TopBarEvent = { type: 'page.scrolled'; y: number } | { type: 'route.changed'; path: string };

/**
 * The top bar's look: transparent over the top of the home page, solid after scrolling more
 * than 100 px or on any other page. The scroll position arrives from an injected watcher.
 */
export const topBarMachine = setup({
  types: {
    context: {} as TopBarContext,
    input: {} as { path: string },
    events: {} as TopBarEvent,
  },
  actors: {
    watchScroll: fromCallback<TopBarEvent>(() => notProvided('topBar', 'watchScroll')),
  },
  actions: {
    followScroll: assign({
      scrollY: ({ context, event }) => (event.type === 'page.scrolled' ? event.y : context.scrollY),
    }),
    followRoute: assign({ path: ({ context, event }) => (event.type === 'route.changed' ? event.path : context.path) }),
  },
  guards: {
    shouldBeSolid: ({ context }) => context.path !== '/' || context.scrollY > SOLID_AFTER_SCROLL_PX,
  },
}).createMachine({
  id: 'topBar',
  context: ({ input }) => ({ scrollY: 0, path: input.path }),
  invoke: { src: 'watchScroll' },
  on: {
    'page.scrolled': { actions: 'followScroll' },
    'route.changed': { actions: 'followRoute' },
  },
  initial: 'transparent',
  states: {
    transparent: { always: { guard: 'shouldBeSolid', target: 'solid' } },
    solid: { always: { guard: not('shouldBeSolid'), target: 'transparent' } },
  },
});
