/** Runs `callback` once the browser is idle (at the latest after `timeout` ms), or soon where idle callbacks are missing (Safari). */
export function whenIdle(callback: () => void, timeout = 2000): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout });
  else setTimeout(callback, 0);
}

/** Resolves once the browser has painted the next frame: after its animation frame, a task later. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
