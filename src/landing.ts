// The landing document's own script (docs/decisions.md, "Landing document"). A signed-out visit to
// "/" gets the landing page as plain HTML, prerendered at build time from the app's own components
// (scripts/vite-prerender-shells.ts): its FAQ, Sign In link and Get Started form all work without
// a script, so this one only measures the visit. Built apart from the app, into one file with
// nothing of React in it.
import { createLocalMetrics } from './services/metrics/local-metrics';
import { whenIdle } from './when-idle';

// Real-user metrics (docs/spec.md §9), as the app reports them, started when the browser is idle.
whenIdle(() => createLocalMetrics().start());
