import { whenIdle } from './when-idle';

/**
 * Adds the hints of template `id` (src/resource-hints.ts) a few at a time, each slice within an
 * idle period (one per turn where the browser gives no idle deadline): each link starts its fetch
 * as it is inserted (about 1 ms each here), so forty at once made one task of about 200 ms at a
 * phone's CPU, in the middle of the page's playback or reading. Imported when it is needed: every
 * signed-in page's first load is at its budget.
 */
export function addHintsWhenIdle(id: string): void {
  const hints = document.getElementById(id);
  if (!(hints instanceof HTMLTemplateElement)) return;
  hints.remove();
  const pending = [...hints.content.children];
  const slice = (deadline?: IdleDeadline) => {
    let added = 0;
    while (pending.length > 0 && (added++ === 0 || (deadline?.timeRemaining() ?? 0) > 1)) {
      document.head.append(pending.shift()!);
    }
    if (pending.length > 0) whenIdle(slice);
  };
  whenIdle(slice);
}
