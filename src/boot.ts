// The app's entry. What the server's page shows before the app (the signed-in top bar, home's
// hero) is painted first: evaluating the app's modules takes a long task, which the browser
// would otherwise run before its first paint whenever the modules arrive before it paints.
// So this entry is small, waits until that paint is on screen, then evaluates the app; the page preloads the
// app's modules alongside it (scripts/vite-preload-app.ts), so nothing is fetched later for it.
import { hasPrerenderedPage } from './screens/prerendered-shell';
import { afterFirstContentfulPaint } from './when-idle';

if (hasPrerenderedPage()) await afterFirstContentfulPaint();
await import('./main');
