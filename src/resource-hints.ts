/**
 * Adds a template of resource hints the page carries (shared/web/resource-hints.ts) once the page
 * has shown what it came for: prefetched files wait in the browser's cache, fetched but not run,
 * and preloaded modules are fetched then, so neither competes with the page's own first load
 * nor takes the main thread.
 */
import { whenIdle } from './when-idle';

export { APP_PREFETCH_ID, APP_PRELOADS_ID, SCREENS_PREFETCH_ID } from '../shared/web/resource-hints';

/** Adds the hints of template `id` to the document's head, once. */
export function addHints(id: string): void {
  const hints = document.getElementById(id);
  if (!(hints instanceof HTMLTemplateElement)) return;
  document.head.append(hints.content.cloneNode(true));
  hints.remove();
}

/** Hints added per slice where the browser gives no idle deadline (Safari). */
const SLICE_WITHOUT_DEADLINE = 8;

/**
 * Adds the hints of template `id` a few at a time, each slice within an idle period: each link
 * starts its fetch as it is inserted (about 1 ms each here), so forty of them at once made one
 * task of about 200 ms at a phone's CPU, in the middle of the page's playback or reading.
 */
export function addHintsWhenIdle(id: string): void {
  const hints = document.getElementById(id);
  if (!(hints instanceof HTMLTemplateElement)) return;
  hints.remove();
  const pending = [...hints.content.children];
  const slice = (deadline?: IdleDeadline) => {
    let added = 0;
    while (
      pending.length > 0 &&
      (deadline ? added === 0 || deadline.timeRemaining() > 1 : added < SLICE_WITHOUT_DEADLINE)
    ) {
      document.head.append(pending.shift()!);
      added++;
    }
    if (pending.length > 0) whenIdle(slice);
  };
  whenIdle(slice);
}
