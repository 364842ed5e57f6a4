import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { BRAND } from './brand';
import { App } from './screens/App';
import { removePrerenderedShell } from './screens/prerendered-shell';
import { ConfigurationError } from './services/config/backend-config';
import { loadServices, type Services } from './services/services';
import { whenIdle } from './when-idle';

document.title = BRAND;

// In development only, `?inspect` switches on the XState inspector (see src/dev/inspector.ts).
// The condition is a build-time constant, so production bundles drop the import entirely.
const inspect = import.meta.env.DEV
  ? await import('./dev/inspector').then(({ createInspector }) => createInspector(window.location.search))
  : undefined;

const root = createRoot(document.getElementById('root')!);

// The services are chosen from configuration (src/services/services.ts); with the Firebase
// backend they load as chunks of their own first. A configuration that cannot work gets a page
// saying what to fix instead of a blank screen.
let services: Services | undefined;
try {
  services = await loadServices(import.meta.env);
} catch (error) {
  console.error(error);
  removePrerenderedShell();
  const problems =
    error instanceof ConfigurationError ? error.problems : [error instanceof Error ? error.message : String(error)];
  root.render(
    <main
      style={{ maxWidth: 640, margin: '10vh auto', padding: 24, fontFamily: 'system-ui, sans-serif', color: '#fff' }}
    >
      <h1>{BRAND} cannot start</h1>
      <div role="alert">
        <p>Its configuration is incomplete:</p>
        <ul>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
      <p>Fix the build-time variables (see the README's Configuration table and .env.example), then build again.</p>
    </main>,
  );
}

if (services) {
  const live = services;
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread in one long task while the page's shell is already on screen.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App services={live} inspect={inspect} />
      </StrictMode>,
    ),
  );

  // Real-user metrics (docs/spec.md §9), started once the app has rendered: the adapter then imports the
  // web-vitals library, a chunk of its own, so measuring never delays the first paint.
  whenIdle(() => live.metrics.start());
}
