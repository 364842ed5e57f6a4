import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// The client files share one jsdom per worker (vitest.config.ts): at the end of each file, put back
// what a fresh one would give the next. Markup a test wrote into the body itself (cleanup()
// removes only what render() mounted), the address a test moved to, and fake timers left on.
afterAll(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});
