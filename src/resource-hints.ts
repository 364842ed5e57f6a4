/**
 * Adds a template of resource hints the page carries (shared/web/resource-hints.ts) once the page
 * has shown what it came for: prefetched files wait in the browser's cache, fetched but not run,
 * and preloaded modules are fetched then, so neither competes with the page's own first load
 * nor takes the main thread.
 */
export { APP_PREFETCH_ID, APP_PRELOADS_ID, SCREENS_PREFETCH_ID } from '../shared/web/resource-hints';

/** Adds the hints of template `id` to the document's head, once. */
export function addHints(id: string): void {
  const hints = document.getElementById(id);
  if (!(hints instanceof HTMLTemplateElement)) return;
  document.head.append(hints.content.cloneNode(true));
  hints.remove();
}
