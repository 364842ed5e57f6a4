import { API_BASE } from '../../../shared/accounts/document-paths';
import { UNREACHABLE_MESSAGE } from '../../brand';
import { createJsonClient, FetchError } from './json-fetch';

const sessionEndedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the server answers a call 401 `unauthenticated`: the session this
 * browser had was ended (signed out elsewhere, a new password, a device signed out from the
 * devices page). The one place the client learns it, whatever screen made the call; the auth
 * service listens and reports the user signed out.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** The embedded server's JSON API: same origin, cookies included, a timeout on every call. */
export const api = createJsonClient({
  baseURL: API_BASE,
  credentials: 'same-origin',
  timeout: 10_000,
  onResponseError({ response, data }) {
    const body = data as ApiErrorBody | undefined;
    if (response.status === 401 && body?.error?.code === 'unauthenticated') {
      for (const listener of [...sessionEndedListeners]) listener();
    }
  },
});

/** The embedded server's JSON client; Node tests pass one with an absolute base URL and a cookie jar. */
export type ApiClient = typeof api;

export interface ApiErrorBody {
  error?: { code?: string; message?: string };
}

/** The server's `{ error: { code, message } }`, or a clear message when the server was unreachable. */
export function readApiError(error: unknown): { code: string; message: string } {
  if (error instanceof FetchError) {
    const body = error.data as ApiErrorBody | undefined;
    if (body?.error?.message) {
      return { code: body.error.code ?? 'unknown', message: body.error.message };
    }
    if (!error.response) {
      return {
        code: 'network-request-failed',
        message: UNREACHABLE_MESSAGE,
      };
    }
    return { code: `http-${error.response.status}`, message: `The server answered ${error.response.status}.` };
  }
  return { code: 'unknown', message: error instanceof Error ? error.message : String(error) };
}
