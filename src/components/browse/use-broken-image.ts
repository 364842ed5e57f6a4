import { useState } from 'react';

/**
 * Whether the image at `src` failed to load (the server was unreachable, say), and the `onError`
 * handler that records it. A component then shows its fallback instead of the browser's broken
 * image icon; a new `src` is tried afresh.
 */
export function useBrokenImage(src: string | undefined) {
  const [brokenSrc, setBrokenSrc] = useState<string>();
  return { broken: src !== undefined && src === brokenSrc, onError: () => setBrokenSrc(src) };
}
