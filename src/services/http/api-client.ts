import { FetchError, ofetch } from 'ofetch';

import { API_BASE } from '../../../shared/accounts/document-paths';
import { UNREACHABLE_MESSAGE } from '../../brand';

/** The embedded server's JSON API: same origin, cookies included, a timeout on every call. */
export const api = ofetch.create({
  baseURL: API_BASE,
  credentials: 'same-origin',
  timeout: 10_000,
  retry: 0,
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
