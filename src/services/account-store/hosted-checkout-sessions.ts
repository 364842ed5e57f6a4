import { addDoc, collection, doc, type Firestore, onSnapshot } from 'firebase/firestore';

import { firestoreError } from '../firebase/firestore-errors';
import type { CheckoutSessionsStore, CheckoutSessionState } from './checkout-sessions.port';

/**
 * customers/{uid}/checkout_sessions over Cloud Firestore: the client adds the request, the
 * Stripe extension's function writes `sessionId` and `url` (or `error`) to that document, and a
 * document listener reports each change. Firestore's listener reconnects by itself.
 */
export function createHostedCheckoutSessions(db: Firestore): CheckoutSessionsStore {
  const sessions = (uid: string) => collection(db, 'customers', uid, 'checkout_sessions');
  return {
    async create(uid, request) {
      try {
        const ref = await addDoc(sessions(uid), {
          price: request.priceId,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        });
        return ref.id;
      } catch (error) {
        throw firestoreError(error);
      }
    },
    watch(uid, id, onChange, onError) {
      return onSnapshot(
        doc(sessions(uid), id),
        (snapshot) => {
          const data = snapshot.data() ?? {};
          const state: CheckoutSessionState = {
            sessionId: typeof data.sessionId === 'string' ? data.sessionId : undefined,
            url: typeof data.url === 'string' ? data.url : undefined,
            error: data.error
              ? { message: String(data.error.message ?? 'The checkout could not be started.') }
              : undefined,
          };
          onChange(state);
        },
        (error) => onError(firestoreError(error)),
      );
    },
  };
}
