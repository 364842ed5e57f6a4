import { NO_CHECKOUT_URL_MESSAGE, type PaymentsService } from './payments.port';

/** The embedded checkout: the session document's `url` is the hosted page on this server. */
export function createLocalPayments({ navigate = (url: string) => window.location.assign(url) } = {}): PaymentsService {
  return {
    async redirectToCheckout(session) {
      if (!session.url) throw new Error(NO_CHECKOUT_URL_MESSAGE);
      navigate(session.url);
    },
  };
}
