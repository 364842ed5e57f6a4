import type { Grant, TooManyScreens } from '../../../shared/watching/playback.schema';
import { type ApiClient, readApiError } from '../http/api-client';
import type { FetchError } from '../http/json-fetch';
import type { GrantsPort } from './grants.port';

const REFUSALS = new Set(['no-membership', 'too-many-screens', 'above-plan']);

/** The media host's grants over its JSON API (/api/playback), signed in by the session cookie. */
export function createMediaHostGrants(api: ApiClient): GrantsPort {
  return {
    async request(request) {
      try {
        const grant = await api<Grant>('/playback/grants', { method: 'POST', body: request });
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
    },
    async renew(leaseId) {
      try {
        await api(`/playback/leases/${encodeURIComponent(leaseId)}`, { method: 'PUT' });
        return true;
      } catch (error) {
        const { code } = readApiError(error);
        if (code === 'lease-ended' || code === 'no-membership') return false;
        throw error;
      }
    },
    async release(leaseId) {
      // A player gives its lease back as its page closes: keepalive lets the request outlive the page.
      await api(`/playback/leases/${encodeURIComponent(leaseId)}`, { method: 'DELETE', keepalive: true });
    },
  };
}
