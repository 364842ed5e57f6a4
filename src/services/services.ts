import { createLocalAuth } from './auth/local-auth';
import { createLocalStorageUserState } from './user-state/local-storage-user-state';

/**
 * The one place that knows which backend is live. Today every port has its embedded-server
 * adapter; hosted adapters (Firebase, Stripe, TMDB) are chosen here from configuration.
 */
export const services = {
  auth: createLocalAuth(),
  userState: createLocalStorageUserState(),
};
