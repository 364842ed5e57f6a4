// The app's entry. What the server's page shows before the app (the signed-in top bar, home's
// hero and its art, a section's first row, the player) is painted first: evaluating the app's
// modules takes long tasks, and downloading them takes the art's bandwidth. So this entry is
// small, waits until that first screen is on screen, then adds the app's preloads (its modules
// and the first screen's, shared/web/resource-hints.ts), which download at once, and imports the app.
import { addHints, APP_PRELOADS_ID } from './resource-hints';
import { hasPrerenderedPage } from './screens/prerendered-shell';
import { afterFirstScreenPaint } from './when-idle';

if (hasPrerenderedPage()) await afterFirstScreenPaint();
addHints(APP_PRELOADS_ID);
await import('./main');
