import {
  createContext,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';

import { whenIdle } from '../../when-idle';

/**
 * The page under a title's detail view. When the app starts at a title's address (a shared or
 * reloaded link), the view covers a page nobody has seen yet: the page asks for nothing of its
 * own until the view is up and the browser idle (it is asleep, so that the view has the phone's
 * CPU and network to itself), then loads its data without drawing it, and draws it once the view
 * closes (`shown`). A page reached any other way is shown, and awake, from the start.
 */
export interface PageBeneath {
  /** False while the view covers a page never shown: its rows keep their skeletons. */
  readonly shown: boolean;
  /** Whether the page may ask for its data. */
  awake(): boolean;
  /** Calls `listener` when the page wakes up; returns what stops it. */
  subscribe(listener: () => void): () => void;
}

/** A page shown and awake from the start: every page not opened under a title's address. */
export const PAGE_SHOWN: PageBeneath = { shown: true, awake: () => true, subscribe: () => () => {} };

/** Provided by TitleOverlay.tsx; a page without it (a story, a test) is shown. */
export const BeneathContext = createContext<PageBeneath>(PAGE_SHOWN);

export const useBeneath = (): PageBeneath => useContext(BeneathContext);

/** Whether the page may ask for its data yet; the component renders again when it wakes. */
export function useAwake(beneath: PageBeneath): boolean {
  return useSyncExternalStore(beneath.subscribe, beneath.awake);
}

/** Calls `wake` (a stable function) once the page may ask for its data: at once when it already may. */
export function useWhenAwake(beneath: PageBeneath, wake: () => void): void {
  useEffect(() => {
    if (!beneath.awake()) return beneath.subscribe(wake);
    wake();
  }, [beneath, wake]);
}

/** A page that wakes once; the listeners are told then, without React rendering anything. */
function createAlarm() {
  let awake = false;
  const listeners = new Set<() => void>();
  return {
    awake: () => awake,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    wake: () => {
      if (awake) return;
      awake = true;
      for (const listener of [...listeners]) listener();
      listeners.clear();
    },
  };
}

/**
 * TitleOverlay's page beneath: asleep when it mounts at a title's address, awake once
 * `viewShown()` has been called and the browser is idle, and shown from the first time the
 * address is no longer a title's. Waking renders nothing (the rows' machines are told directly);
 * showing is deferred, so that closing the view paints first and the page's cards render after it.
 */
export function usePageBeneath(atTitle: boolean): { beneath: PageBeneath; viewShown: () => void } {
  const [alarm] = useState(createAlarm);
  const [shown, setShown] = useState(!atTitle);
  if (!atTitle && !shown) setShown(true);
  const beneath = useMemo<PageBeneath>(
    () => (shown ? PAGE_SHOWN : { shown: false, awake: alarm.awake, subscribe: alarm.subscribe }),
    [shown, alarm],
  );
  // Called from an effect of the view's, so after its commit: idle time comes once it has painted.
  const viewShown = useCallback(() => whenIdle(alarm.wake), [alarm]);
  return { beneath: useDeferredValue(beneath), viewShown };
}
