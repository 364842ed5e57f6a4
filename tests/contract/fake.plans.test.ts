import type { Invoice } from '../../src/services/account-store/billing.port.ts';
import type { Subscription } from '../../src/services/account-store/plans.port.ts';
import {
  createInMemoryBilling,
  createInMemoryCheckoutSessions,
  createInMemoryPlans,
  createRecordingPayments,
  SEED_PLANS,
} from '../../stories/support/in-memory-plans.ts';
import { billingContract } from './billing.contract.ts';
import { checkoutSessionsContract } from './checkout-sessions.contract.ts';
import { paymentsContract } from './payments.contract.ts';
import { plansContract } from './plans.contract.ts';

// The stories' fakes, held to the ports' contracts so that stories show what the real adapters do.
let customers = 0;
const accounts = new Map<string, { subscription: Subscription | null; invoices: Invoice[] }>();

function newCustomer() {
  const uid = `fakecustomer${++customers}`.padEnd(20, '0');
  const account = { subscription: null as Subscription | null, invoices: [] as Invoice[] };
  accounts.set(uid, account);
  return {
    uid,
    plans: createInMemoryPlans({
      delayMs: 0,
      ownerUid: uid,
      get subscription() {
        return account.subscription;
      },
    }),
    billing: createInMemoryBilling(account, { delayMs: 0, ownerUid: uid }),
  };
}

/** What a paid checkout of the Standard plan leaves behind: the subscription and its charge. */
async function subscribeToStandard({ uid }: { uid: string }) {
  const account = accounts.get(uid)!;
  const standard = SEED_PLANS.find((plan) => plan.role === 'standard')!;
  const price = standard.prices[0]!;
  const now = Math.floor(Date.now() / 1000);
  account.subscription = {
    id: `sub_${uid}`,
    role: 'standard',
    status: 'active',
    priceId: price.id,
    productId: standard.id,
    currentPeriodStart: now,
    currentPeriodEnd: now + 30 * 24 * 3600,
    cancelAtPeriodEnd: false,
    scheduledChange: null,
  };
  account.invoices.unshift({
    id: `in_${uid}`,
    created: now,
    planName: standard.name,
    amount: price.unitAmount,
    currency: price.currency,
    card: { brand: 'visa', last4: '4242' },
    lines: [{ description: standard.name, amount: price.unitAmount, proration: false }],
  });
}

plansContract('story fake, in memory', () => ({ newCustomer: async () => newCustomer(), subscribeToStandard }));

billingContract('story fake, in memory', () => ({
  newCustomer: async () => newCustomer(),
  subscribeToStandard,
  // The fake changes the subscription itself ('done'): never sent to a portal.
  portal: async () => {
    throw new Error('the story fake does not leave for a portal');
  },
}));

checkoutSessionsContract('story fake, in memory', () => ({
  newCustomer: async () => {
    const { uid } = newCustomer();
    return { uid, sessions: createInMemoryCheckoutSessions({ delayMs: 0, ownerUid: uid }) };
  },
  origin: () => 'http://127.0.0.1',
}));

paymentsContract('story fake, recording where it would go', () => ({ create: createRecordingPayments }));
