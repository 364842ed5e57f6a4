import { createHostedPlans } from '../../src/services/account-store/hosted-plans.ts';
import { plansContract } from './plans.contract.ts';
import { newUid, useHostedFirestore } from './support/hosted-firestore.ts';

const firestore = useHostedFirestore();

plansContract('hosted adapter, Firestore emulator with the rules mirror', () => ({
  async newCustomer() {
    const uid = newUid();
    return { uid, plans: createHostedPlans(firestore.client(uid)) };
  },
  // What the Stripe extension writes when Stripe reports a paid subscription (webhook).
  async subscribeToStandard({ uid }) {
    const now = Math.floor(Date.now() / 1000);
    firestore.write(`customers/${uid}/subscriptions/sub_test_${uid.slice(0, 8)}`, {
      role: 'standard',
      status: 'active',
      price: 'price_1MqStandardMonthlyGbp',
      product: 'prod_MqStandardPlan01',
      quantity: 1,
      cancel_at_period_end: false,
      created: { seconds: now },
      current_period_start: { seconds: now },
      current_period_end: { seconds: now + 31 * 24 * 3600 },
    });
  },
}));
