import { createHostedCheckoutSessions } from '../../src/services/account-store/hosted-checkout-sessions.ts';
import { checkoutSessionsContract } from './checkout-sessions.contract.ts';
import { newUid, useHostedFirestore } from './support/hosted-firestore.ts';

// The Stripe extension's part (sessionId + url, or error) is played by useHostedFirestore.
const firestore = useHostedFirestore();

checkoutSessionsContract('hosted adapter, Firestore emulator with the Stripe extension played', () => ({
  async newCustomer() {
    const uid = newUid();
    return { uid, sessions: createHostedCheckoutSessions(firestore.client(uid)) };
  },
  origin: () => 'https://marquee.example',
}));
