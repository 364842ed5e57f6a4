import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport's bottom (or into it) since it
 * mounted (or since `watch`, when it is not watched at first): true from then on. Where the
 * browser cannot tell (no IntersectionObserver), true.
 */
export function useNearViewport(element: RefObject<Element | null>, margin = '300px', watch = true): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !target || !watch) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, near, watch]);
  return near;
}
