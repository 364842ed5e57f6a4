import type { Grant, TooManyScreens } from '../../../shared/watching/playback.schema';
import { type ApiClient, readApiError } from '../http/api-client';
import type { FetchError } from '../http/json-fetch';
import type { GrantAnswer, GrantsPort } from './grants.port';

const REFUSALS = new Set(['no-membership', 'too-many-screens', 'above-plan']);

/**
 * How a call tells the media host who asks, beside the embedded session cookie: hosted mode's
 * `Authorization` with a Firebase ID token (hosted-grants.ts). `fresh` asks for a newly minted
 * token, whose claims are current.
 */
export interface MediaHostSignIn {
  headers(options: { fresh: boolean }): Promise<Record<string, string>>;
}

/**
 * The media host's grants over its JSON API (/api/playback): signed in by the session cookie, or
 * by `signIn`'s headers. With `signIn`, a grant refused for want of a membership is asked for once
 * more with fresh credentials: a plan just paid for is not yet in the token the browser kept.
 */
export function createMediaHostGrants(api: ApiClient, signIn?: MediaHostSignIn): GrantsPort {
  const call = async <T>(path: string, options: Parameters<ApiClient>[1] = {}, fresh = false) =>
    api<T>(path, signIn ? { ...options, headers: await signIn.headers({ fresh }) } : options);

  const ask = async (request: Parameters<GrantsPort['request']>[0], fresh: boolean): Promise<GrantAnswer> => {
    try {
      const grant = await call<Grant>('/playback/grants', { method: 'POST', body: request }, fresh);
      return { kind: 'granted', grant };
    } catch (error) {
      const { code, message } = readApiError(error);
      if (!REFUSALS.has(code)) throw error;
      if (code === 'too-many-screens') {
        const body = (error as FetchError<TooManyScreens>).data!;
        return { kind: 'too-many-screens', message, screens: body.screens };
      }
      return { kind: code as 'no-membership' | 'above-plan', message };
    }
  };

  return {
    async request(request) {
      const answer = await ask(request, false);
      return answer.kind === 'no-membership' && signIn ? ask(request, true) : answer;
    },
    async renew(leaseId) {
      try {
        await call(`/playback/leases/${encodeURIComponent(leaseId)}`, { method: 'PUT' });
        return true;
      } catch (error) {
        const { code } = readApiError(error);
        if (code === 'lease-ended' || code === 'no-membership') return false;
        throw error;
      }
    },
    async release(leaseId) {
      // A player gives its lease back as its page closes: keepalive lets the request outlive the page.
      await call(`/playback/leases/${encodeURIComponent(leaseId)}`, { method: 'DELETE', keepalive: true });
    },
  };
}
