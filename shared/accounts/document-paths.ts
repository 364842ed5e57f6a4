/**
 * Where the embedded server keeps the catalogue's plans and an account's documents, as paths under
 * its API (`API_BASE`). The local adapters ask for them (src/services/account-store/local-*.ts,
 * src/services/watching/local-watching.ts), and the server preloads the ones a page asks for
 * first (server/web/web-routes.ts), which the browser then matches by address.
 */
export const API_BASE = '/api';

export const productsPath = '/documents/products';

export const customerPath = (uid: string): string => `/documents/customers/${encodeURIComponent(uid)}`;

export const profilesPath = (uid: string): string => `${customerPath(uid)}/profiles`;

export const profilePath = (uid: string, profileId: string): string =>
  `${profilesPath(uid)}/${encodeURIComponent(profileId)}`;

export const subscriptionsPath = (uid: string): string => `${customerPath(uid)}/subscriptions`;

export const invoicesPath = (uid: string): string => `${customerPath(uid)}/invoices`;

/** The card on file (embedded server only: Stripe's portal keeps it in hosted mode). */
export const paymentMethodPath = (uid: string): string => `${customerPath(uid)}/payment_method`;

export const checkoutSessionsPath = (uid: string): string => `${customerPath(uid)}/checkout_sessions`;
