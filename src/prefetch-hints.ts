/**
 * Templates of `<link rel="prefetch">` hints the build leaves in a page, which its script adds once
 * the page has shown what it came for: prefetched files wait in the browser's cache, fetched but
 * not run, so they neither compete with the page's own first load nor take the main thread.
 */

/** The landing document's: the app's files, for Sign In and Get Started (scripts/vite-prerender-shells.ts). */
export const APP_PREFETCH_ID = 'app-prefetch';

/**
 * The app's page's: the signed-in screens' files (and the detail view's), so that a later visit
 * to one neither waits nor fails while the server is unreachable (scripts/vite-preload-app.ts).
 * Not the player's, which alone brings hls.js.
 */
export const SCREENS_PREFETCH_ID = 'screens-prefetch';

/** Adds the hints of template `id` to the document's head, once. */
export function addPrefetchHints(id: string): void {
  const hints = document.getElementById(id);
  if (!(hints instanceof HTMLTemplateElement)) return;
  document.head.append(hints.content.cloneNode(true));
  hints.remove();
}
