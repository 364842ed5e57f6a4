// The landing document's own script (docs/decisions.md, "Landing document"). A signed-out visit to
// "/" gets the landing page as plain HTML, prerendered at build time from the app's own components
// (scripts/vite-prerender-shells.ts): its FAQ, Sign In link and Get Started form all work without
// a script. Built apart from the app, into one file with nothing of React in it.
import { addHints, APP_PREFETCH_ID } from './resource-hints';
import { createLocalMetrics } from './services/metrics/local-metrics';
import { whenIdle } from './when-idle';

function afterLoad(callback: () => void) {
  if (document.readyState === 'complete') whenIdle(callback);
  else window.addEventListener('load', () => whenIdle(callback), { once: true });
}

afterLoad(() => {
  // Real-user metrics (docs/spec.md §9), as the app reports them.
  createLocalMetrics().start();
  // The app's files, so that Sign In or Get Started opens quickly: hints the build left in a
  // template, added only now so that they never compete with what the page itself shows.
  addHints(APP_PREFETCH_ID);
});
