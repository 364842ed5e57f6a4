import { UNREACHABLE_MESSAGE } from '../../brand';
import type { GrantsPort } from './grants.port';

/**
 * Grants as a stand-in that loads the real adapter (`load`: the media host's, a chunk of its own)
 * on first use: only the player asks, and every page loads the services. A failed import is
 * tried again on the next call.
 */
export function createLazyGrants(load: () => Promise<GrantsPort>): GrantsPort {
  let loading: Promise<GrantsPort> | undefined;
  const port = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      // Its file comes from the server: not loading it is not reaching it.
      throw new Error(UNREACHABLE_MESSAGE, { cause: error });
    }));
  return {
    request: (request) => port().then((grants) => grants.request(request)),
    renew: (leaseId) => port().then((grants) => grants.renew(leaseId)),
    release: (leaseId) => port().then((grants) => grants.release(leaseId)),
  };
}
