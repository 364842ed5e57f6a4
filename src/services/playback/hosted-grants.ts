import type { Auth } from 'firebase/auth';

import type { ApiClient } from '../http/api-client';
import type { GrantsPort } from './grants.port';
import { createMediaHostGrants } from './media-host-grants';

/**
 * Hosted mode's grants: from Marquee's media host too (grants are never the hosted backend's),
 * signed in by the Firebase user's ID token (`Authorization: Bearer`). The media host verifies it
 * and reads the plan from its `stripeRole` claim (server/playback/), so a refusal for want of a
 * membership is asked again with a freshly minted token (`getIdToken(true)`): one just paid for
 * shows only in a token minted after the Stripe extension set the claim.
 */
export function createHostedGrants(auth: Auth, api: ApiClient): GrantsPort {
  return createMediaHostGrants(api, {
    async headers({ fresh }): Promise<Record<string, string>> {
      // A page opened at /watch asks before Firebase has restored who is signed in.
      await auth.authStateReady();
      const user = auth.currentUser;
      // Signed out: the media host answers 401 as it does to any caller without a session.
      return user ? { authorization: `Bearer ${await user.getIdToken(fresh)}` } : {};
    },
  });
}
