/** A promise a test settles by hand, to decide when a machine's effect finishes. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets settled promises reach the actor (fromPromise → done event → transition). */
export async function flush() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
