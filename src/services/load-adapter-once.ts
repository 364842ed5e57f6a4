import { UNREACHABLE_MESSAGE } from '../brand';

/**
 * An adapter imported on first use (its own chunk), shared by every later call. A failed import
 * reads as the server unreachable (its file comes from the server) and is tried again next call.
 */
export function loadAdapterOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new Error(UNREACHABLE_MESSAGE, { cause: error });
    }));
}
