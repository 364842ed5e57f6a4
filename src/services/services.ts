import { createLocalAuth } from './auth/local-auth';
import { catalogueConfig } from './catalogue/catalogue-config';
import { createTmdbCatalogue } from './catalogue/tmdb-catalogue';
import { createLocalStorageUserState } from './user-state/local-storage-user-state';

/**
 * The one place that knows which backend is live. Every port has its embedded-server adapter;
 * hosted ones (TMDB today; Firebase and Stripe later) are chosen here from configuration.
 */
export const services = {
  auth: createLocalAuth(),
  userState: createLocalStorageUserState(),
  catalogue: createTmdbCatalogue(catalogueConfig(import.meta.env)),
};
