/**
 * A code-split part that the page can do without until it has arrived (a menu's Radix half, the
 * top bar's live controls): downloaded once, again after a failure, and held in `current` once
 * there, so that every later mount renders it at once. Unlike React.lazy, a failed download never
 * throws into the page: the caller keeps showing its plain stand-in and asks again later.
 */
export interface ChunkLoader<T> {
  current: T | undefined;
  /** Downloads the part once (again after a failure); resolves to it, or to undefined when the download failed. */
  preload: () => Promise<T | undefined>;
}

export function chunkLoader<T>(load: () => Promise<T>): ChunkLoader<T> {
  let download: Promise<T | undefined> | undefined;
  const loader: ChunkLoader<T> = {
    current: undefined,
    preload: () =>
      (download ??= load().then(
        (part) => (loader.current = part),
        () => {
          download = undefined;
          return undefined;
        },
      )),
  };
  return loader;
}
