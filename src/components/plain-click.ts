import type { MouseEvent } from 'react';

/**
 * A main-button click without modifier keys: the app may route it itself. Any other click (a new
 * tab or window, a download) is the browser's to follow the link's href.
 */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
