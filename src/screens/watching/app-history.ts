/** How many entries the app has pushed onto the session history since it loaded. */
let pushes = 0;
let tracking = false;

/**
 * Counts the app's own moves to new addresses (wouter's navigate dispatches a `pushState` event
 * for each; replacing the address, as the next episode does, adds no entry and is not counted).
 */
export function trackInAppHistory(): void {
  if (tracking) return;
  tracking = true;
  window.addEventListener('pushState', () => pushes++);
}

/**
 * True when history.back() stays inside the app: the app has added entries since it loaded. A
 * player opened directly (a shared link, a reload) goes home instead of leaving the app.
 */
export const hasInAppHistory = (): boolean => pushes > 0;
