import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BRAND } from './brand';
import { App } from './screens/App';

document.title = BRAND;

// In development only, `?inspect` switches on the XState inspector (see src/dev/inspector.ts).
// The condition is a build-time constant, so production bundles drop the import entirely.
const inspect = import.meta.env.DEV
  ? await import('./dev/inspector').then(({ createInspector }) => createInspector(window.location.search))
  : undefined;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App inspect={inspect} />
  </StrictMode>,
);
