import { loadAdapterOnce } from '../load-adapter-once';
import type { GrantsPort } from './grants.port';

/**
 * Grants as a stand-in that loads the real adapter (`load`: the media host's, a chunk of its own)
 * on first use: only the player asks, and every page loads the services. A failed import is
 * tried again on the next call.
 */
export function createLazyGrants(load: () => Promise<GrantsPort>): GrantsPort {
  const port = loadAdapterOnce(load);
  return {
    request: (request) => port().then((grants) => grants.request(request)),
    renew: (leaseId) => port().then((grants) => grants.renew(leaseId)),
    release: (leaseId) => port().then((grants) => grants.release(leaseId)),
  };
}
