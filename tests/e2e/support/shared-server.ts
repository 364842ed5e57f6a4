import { test as base } from '@playwright/test';

import { signUpThroughApi } from './accounts';
import { MarqueeServer } from './marquee-server';

/**
 * One real server per Playwright worker, shared by the spec files that worker runs, instead of a
 * cluster started and stopped for each file (about 8 s each on a quiet machine, twice that beside
 * a browser). Every spec signs up its own accounts, so they do not see each other's state. A spec
 * that restarts or crashes the server, reads its log, or needs its own configuration (a library
 * folder, the first account as operator) keeps a `new MarqueeServer()` of its own.
 *
 * Every spec imports `test` and `expect` from here (lint holds it), those with a server of their
 * own too: the fixture starts only for a spec that asks for it, and one test type lets one
 * Playwright worker, with its browser and this server, run every spec file it is given.
 *
 * The only setting changed from `npm start`'s is the sign-up throttle (per client address, and
 * every browser here is 127.0.0.1): a worker's specs sign up more than its 20 an hour between them.
 * The first account to sign up runs the studio, so the server starts with one of its own: every
 * spec's accounts are subscribers, whichever spec the worker runs first.
 */
export const test = base.extend<object, { marquee: MarqueeServer }>({
  marquee: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = new MarqueeServer({ env: { MARQUEE_SIGN_UPS_PER_HOUR: '1000' } });
      await server.start();
      await signUpThroughApi(server.url, 'operator@example.com');
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';

/** The worker's server, for a spec file's tests and helpers: its address is known once the file's first hook has run. */
export function sharedServer(): { readonly url: string } {
  let server: MarqueeServer | undefined;
  test.beforeAll(({ marquee }) => {
    server = marquee;
  });
  return {
    get url() {
      if (!server) throw new Error('the shared server is read before the spec’s hooks ran');
      return server.url;
    },
  };
}
