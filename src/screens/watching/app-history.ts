/** Whether the viewer has moved to another address inside the app since it loaded. */
let moved = false;
let first: string | null = null;

/** Called with every address the app shows (the signed-in routes do). */
export function noteAddress(location: string): void {
  if (first === null) first = location;
  else if (location !== first) moved = true;
}

/**
 * True when history.back() stays inside the app: the player was reached from another page of
 * it. A player opened directly (a shared link, a reload) goes home instead.
 */
export const movedWithinApp = (): boolean => moved;
