/**
 * Lets callers asking for the same thing at the same time share one request (the hero banner and
 * the Trending Now row both ask for trending as home opens). Each caller keeps its own abort
 * signal: one caller giving up rejects only its own promise; the shared request is aborted only
 * when every caller has given up. A settled request is forgotten, so later calls fetch afresh.
 */
export function shareInFlight(): <T>(
  key: string,
  start: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
) => Promise<T> {
  const inFlight = new Map<string, { promise: Promise<unknown>; controller: AbortController; callers: number }>();

  return <T>(key: string, start: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let entry = inFlight.get(key);
    if (!entry) {
      const controller = new AbortController();
      const promise = start(controller.signal).finally(() => {
        if (inFlight.get(key) === created) inFlight.delete(key);
      });
      const created = { promise, controller, callers: 0 };
      inFlight.set(key, created);
      entry = created;
    }
    const shared = entry;
    shared.callers++;
    if (!signal) return shared.promise as Promise<T>;

    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        leave();
        reject(signal.reason);
        if (--shared.callers === 0) {
          if (inFlight.get(key) === shared) inFlight.delete(key);
          shared.controller.abort(signal.reason);
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      shared.promise.then(
        (value) => {
          leave();
          resolve(value as T);
        },
        (error: unknown) => {
          leave();
          reject(error);
        },
      );
    });
  };
}
