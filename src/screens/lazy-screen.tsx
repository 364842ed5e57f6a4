import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** Screens whose last download failed: each entry gives its screen a fresh lazy component. */
const failedScreens = new Set<() => void>();

/**
 * A code-split screen (React.lazy) that can be downloaded again after its chunk failed to load,
 * when the server was unreachable, say. React.lazy keeps a failed import for good, so on its own
 * only a page reload would help, losing everything in memory; after `retryFailedScreens()` the
 * next render imports the chunk again (browsers retry a failed dynamic import of the same URL).
 * `preload()` downloads the chunk ahead of the first visit and never throws.
 */
export function lazyScreen<P extends object>(load: Loader<P>) {
  let current: LazyExoticComponent<ComponentType<P>>;
  // The screen itself once its chunk is there (preloaded, or shown before). React.lazy suspends on
  // its first render even then, and React holds a Suspense boundary's content back for 300 ms
  // after its fallback showed, so a preloaded screen rendered through it still came 300 ms late.
  let loaded: ComponentType<P> | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const renew = () => {
    current = lazy(() =>
      loadAndKeep().catch((error: unknown) => {
        failedScreens.add(renew);
        throw error;
      }),
    );
  };
  renew();

  function Screen(props: P) {
    const Current = loaded ?? current;
    return <Current {...props} />;
  }
  Screen.preload = (): Promise<void> =>
    loadAndKeep().then(
      () => undefined,
      () => undefined,
    );
  return Screen;
}

/** Lets every screen whose download failed try again on its next render ("Try again"). */
export function retryFailedScreens(): void {
  for (const renew of failedScreens) renew();
  failedScreens.clear();
}
