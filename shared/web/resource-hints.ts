/**
 * The ids of the templates of resource hints a page carries for its script to add later
 * (src/resource-hints.ts): written by the build (scripts/vite-preload-app.ts,
 * scripts/vite-prerender-shells.ts) and the server (server/web/index-page.ts), added by the client.
 * Hints in a template are not acted on until they are moved into the head.
 */

/** The landing document's: `prefetch` of the app's files, for Sign In and Get Started. */
export const APP_PREFETCH_ID = 'app-prefetch';

/**
 * The app's page's: `modulepreload` of the app's files and of the first screen's, added by the
 * entry (src/boot.ts) once the page's first screen, its art included, is on screen. Fetched with
 * the page instead, they took the art's bandwidth and their evaluation delayed its paint.
 */
export const APP_PRELOADS_ID = 'app-preloads';

/**
 * The app's page's: `prefetch` of the signed-in screens' files (and the detail view's), so that a
 * later visit to one neither waits nor fails while the server is unreachable. Not the player's,
 * which alone brings hls.js.
 */
export const SCREENS_PREFETCH_ID = 'screens-prefetch';
