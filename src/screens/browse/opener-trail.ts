/**
 * Finding again the control that opened the detail view once its page has been rendered afresh:
 * Play leaves for the player page, which replaces the page beneath, and coming back (Esc) mounts
 * a new page with new elements. The element kept when the view opened is then out of the document,
 * and closing the view would leave focus on <body>. A trail names it the way the page does: the
 * region it is in (a row, by its heading) and the card's title key or the control's name.
 */
export interface OpenerTrail {
  /** The name of the labelled region (a row's heading), if it is in one. */
  region: string | null;
  /** A card's title key (TitleRow's `data-key`). */
  key: string | null;
  /** A control outside a row (the hero's More Info, a search result): its text, or its art's. */
  name: string | null;
}

/** How long a page coming back is waited for (its rows load again, from the HTTP cache). */
const WAIT_FOR_OPENER_MS = 5000;

const REGION = 'section[aria-labelledby]';

// Looked up inside the region: a page taken out of the document keeps its elements, not their ids' index.
function regionName(region: Element): string | null {
  const id = region.getAttribute('aria-labelledby');
  const heading = id ? [...region.querySelectorAll('[id]')].find((element) => element.id === id) : undefined;
  return heading?.textContent?.trim() || null;
}

/** A control's name as it shows: its text, or the alt text of the art that is all it shows (a card). */
const nameOf = (element: Element): string | null =>
  element.textContent?.trim() || element.querySelector('img')?.getAttribute('alt')?.trim() || null;

/** The trail to `element`; it may already be out of the document (the page beneath it was replaced). */
export function trailOf(element: HTMLElement): OpenerTrail {
  const region = element.closest(REGION);
  return {
    region: region ? regionName(region) : null,
    key: element.closest('[data-key]')?.getAttribute('data-key') ?? null,
    name: nameOf(element),
  };
}

/** The region named `name` in `root` (the first shown, as a page kept beneath search is hidden). */
function findRegion(root: ParentNode, name: string): HTMLElement | null {
  return (
    [...root.querySelectorAll<HTMLElement>(REGION)].find(
      (region) => regionName(region) === name && !region.closest('[hidden]'),
    ) ?? null
  );
}

/** The element the trail leads to in `root` now, or null while it is not (yet) there. */
export function findByTrail(trail: OpenerTrail, root: ParentNode = document): HTMLElement | null {
  const scope = trail.region === null ? root : findRegion(root, trail.region);
  if (!scope) return null;
  if (trail.key !== null) {
    const item = [...scope.querySelectorAll<HTMLElement>('[data-key]')].find(
      (candidate) => candidate.getAttribute('data-key') === trail.key,
    );
    return item?.querySelector<HTMLElement>('button') ?? null;
  }
  if (trail.name === null) return null;
  return (
    [...scope.querySelectorAll<HTMLElement>('button, a[href]')].find(
      (candidate) => nameOf(candidate) === trail.name && !candidate.closest('[hidden]'),
    ) ?? null
  );
}

/** Focus was lost, or only the page's heading has it (given by route-focus.ts for want of better). */
function focusUnclaimed(): boolean {
  const active = document.activeElement;
  if (active === null || active === document.body) return true;
  return active instanceof HTMLElement && active.matches('main h1') && active.tabIndex === -1;
}

/**
 * Focuses the trail's element as soon as the page shows it, for a few seconds, unless the viewer
 * has moved focus meanwhile. A row far down the page loads its cards only near the viewport, so
 * its region is brought into view once. Answers a function that stops waiting.
 */
export function focusWhenBack(trail: OpenerTrail): () => void {
  const giveUpAt = performance.now() + WAIT_FOR_OPENER_MS;
  let frame = 0;
  let regionShown = false;
  const attempt = () => {
    if (!focusUnclaimed()) return;
    const target = findByTrail(trail);
    if (target) {
      target.focus();
      return;
    }
    if (!regionShown && trail.region !== null) {
      const region = findRegion(document, trail.region);
      if (region) {
        regionShown = true;
        region.scrollIntoView({ block: 'nearest' });
      }
    }
    if (performance.now() < giveUpAt) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
