import { PLAN_CHANGED_MESSAGE } from '../../shared/billing/billing.schema';
import type { BillingStore, Invoice } from '../../src/services/account-store/billing.port';
import type {
  CheckoutSessionsStore,
  CheckoutSessionState,
} from '../../src/services/account-store/checkout-sessions.port';
import type { Plan, PlansStore, Subscription } from '../../src/services/account-store/plans.port';
import { NO_CHECKOUT_URL_MESSAGE, type PaymentsService } from '../../src/services/payments/payments.port';

/** The embedded server's seed plans, as the port returns them. */
export const SEED_PLANS: Plan[] = [
  {
    id: 'prod_MqBasicPlan01',
    name: 'Basic',
    description: 'Watch on one screen at a time in HD (720p).',
    role: 'basic',
    entitlements: { maxHeight: 720, screens: 1 },
    prices: [{ id: 'price_1MqBasicMonthlyGbp', currency: 'gbp', unitAmount: 499, interval: 'month', intervalCount: 1 }],
  },
  {
    id: 'prod_MqStandardPlan01',
    name: 'Standard',
    description: 'Watch on two screens at a time in Full HD (1080p).',
    role: 'standard',
    entitlements: { maxHeight: 1080, screens: 2 },
    prices: [
      { id: 'price_1MqStandardMonthlyGbp', currency: 'gbp', unitAmount: 699, interval: 'month', intervalCount: 1 },
    ],
  },
  {
    id: 'prod_MqPremiumPlan01',
    name: 'Premium',
    description: 'Watch on four screens at a time in Ultra HD (4K) with spatial audio.',
    role: 'premium',
    entitlements: { maxHeight: 2160, screens: 4 },
    prices: [
      { id: 'price_1MqPremiumMonthlyGbp', currency: 'gbp', unitAmount: 1099, interval: 'month', intervalCount: 1 },
    ],
  },
];

/** A Standard subscription renewing on 22 December 2026. */
export const STANDARD_SUBSCRIPTION: Subscription = {
  id: 'sub_story',
  role: 'standard',
  status: 'active',
  priceId: 'price_1MqStandardMonthlyGbp',
  productId: 'prod_MqStandardPlan01',
  currentPeriodStart: Date.UTC(2026, 10, 22) / 1000,
  currentPeriodEnd: Date.UTC(2026, 11, 22) / 1000,
  cancelAtPeriodEnd: false,
  scheduledChange: null,
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's answer to another customer's uid (403), when a fake is told whose it is. */
const requireOwner = (ownerUid: string | undefined, uid: string) => {
  if (ownerUid !== undefined && uid !== ownerUid) throw new Error('You can only reach your own account.');
};

/**
 * A test double of the plans port for stories, held to the same contract suite as the real
 * adapters (tests/contract/fake.plans.test.ts). Never used by the app.
 */
export function createInMemoryPlans(
  options: {
    plans?: Plan[];
    subscription?: Subscription | null;
    delayMs?: number;
    failWith?: string;
    /** The account this is: calls for any other uid are refused. Unset: any uid. */
    ownerUid?: string;
  } = {},
): PlansStore {
  const call = async <T>(uid: string | null, value: () => T): Promise<T> => {
    await pause(options.delayMs ?? 150);
    if (options.failWith) throw new Error(options.failWith);
    if (uid !== null) requireOwner(options.ownerUid, uid);
    return value();
  };
  return {
    listPlans: () => call(null, () => options.plans ?? SEED_PLANS),
    currentSubscription: (uid) => call(uid, () => options.subscription ?? null),
  };
}

/** An id of twenty letters and digits, as Firestore's and the embedded server's documents have. */
const documentId = (n: number) => `request${n}`.padEnd(20, '0');

/**
 * A test double of the checkout-sessions port: each request is answered, after a delay, the way
 * the payment side would (a session id and url, or an error message for a price it does not
 * sell), held to the same contract suite as the real adapters
 * (tests/contract/fake.plans.test.ts). Never used by the app.
 */
export function createInMemoryCheckoutSessions(
  options: {
    answer?: CheckoutSessionState;
    delayMs?: number;
    ownerUid?: string;
    /** Where the checkout pages are. */
    origin?: string;
  } = {},
): CheckoutSessionsStore {
  let next = 1;
  const priceOf = new Map<string, string>();
  const origin = options.origin ?? (typeof location === 'undefined' ? 'http://127.0.0.1' : location.origin);
  const answerFor = (id: string): CheckoutSessionState => {
    if (options.answer) return options.answer;
    if (!SEED_PLANS.some((plan) => plan.prices.some((price) => price.id === priceOf.get(id)))) {
      return { error: { message: 'No such price.' } };
    }
    return { sessionId: `cs_test_${id}`, url: `${origin}/checkout/cs_test_${id}` };
  };
  return {
    async create(uid, request) {
      await pause(options.delayMs ?? 150);
      requireOwner(options.ownerUid, uid);
      const id = documentId(next++);
      priceOf.set(id, request.priceId);
      return id;
    },
    watch(uid, id, onChange, onError) {
      // The server's answer to another customer's document: the listener fails.
      if (options.ownerUid !== undefined && uid !== options.ownerUid) {
        const timer = setTimeout(() => onError(new Error('You can only reach your own account.')), 0);
        return () => clearTimeout(timer);
      }
      onChange({});
      const timer = setTimeout(() => onChange(answerFor(id)), options.delayMs ?? 150);
      return () => clearTimeout(timer);
    },
  };
}

/** Two charges: Standard from 22 October, renewed on 22 November 2026. */
export const STORY_INVOICES: Invoice[] = [
  {
    id: 'in_story_2',
    created: Date.UTC(2026, 10, 22) / 1000,
    planName: 'Standard',
    amount: 699,
    currency: 'gbp',
    card: { brand: 'visa', last4: '4242' },
    lines: [{ description: 'Standard', amount: 699, proration: false }],
  },
  {
    id: 'in_story_1',
    created: Date.UTC(2026, 9, 22) / 1000,
    planName: 'Standard',
    amount: 699,
    currency: 'gbp',
    card: { brand: 'visa', last4: '4242' },
    lines: [{ description: 'Standard', amount: 699, proration: false }],
  },
];

/** Basic from 22 October, upgraded to Premium halfway through November's period. */
export const STORY_UPGRADE_INVOICES: Invoice[] = [
  {
    id: 'in_story_upgrade',
    created: Date.UTC(2026, 10, 6) / 1000,
    planName: 'Premium',
    amount: 300,
    currency: 'gbp',
    card: { brand: 'mastercard', last4: '4444' },
    lines: [
      { description: 'Remaining time on Premium', amount: 550, proration: true },
      { description: 'Unused time on Basic', amount: -250, proration: true },
    ],
  },
  {
    id: 'in_story_basic',
    created: Date.UTC(2026, 9, 22) / 1000,
    planName: 'Basic',
    amount: 499,
    currency: 'gbp',
    card: { brand: 'visa', last4: '4242' },
    lines: [{ description: 'Basic', amount: 499, proration: false }],
  },
];

/**
 * A test double of the billing port for stories, over a subscription (and, when given, charges)
 * it shares with the plans double (`state`): cancelling and restarting change it as the server
 * would. Held to the same contract suite as the real adapters (tests/contract/fake.plans.test.ts).
 * Never used by the app.
 */
export function createInMemoryBilling(
  state: { subscription: Subscription | null; invoices?: Invoice[] },
  options: { invoices?: Invoice[]; delayMs?: number; failWith?: string; ownerUid?: string } = {},
): BillingStore {
  const call = async <T>(uid: string, value: () => T): Promise<T> => {
    await pause(options.delayMs ?? 150);
    if (options.failWith) throw new Error(options.failWith);
    requireOwner(options.ownerUid, uid);
    return value();
  };
  return {
    listInvoices: (uid) => call(uid, () => state.invoices ?? options.invoices ?? STORY_INVOICES),
    setCancelAtPeriodEnd: (uid, _id, cancel) =>
      call(uid, () => {
        if (state.subscription) state.subscription = { ...state.subscription, cancelAtPeriodEnd: cancel };
        return 'done' as const;
      }),
    scheduleChange: (uid, _id, priceId, currentPriceId) =>
      call(uid, () => {
        if (state.subscription && state.subscription.priceId !== currentPriceId) {
          throw new Error(PLAN_CHANGED_MESSAGE);
        }
        const plan = SEED_PLANS.find((candidate) => candidate.prices.some((price) => price.id === priceId));
        if (state.subscription && plan) {
          const same = state.subscription.priceId === priceId;
          state.subscription = { ...state.subscription, scheduledChange: same ? null : { priceId, role: plan.role } };
        }
        return 'done' as const;
      }),
  };
}

/**
 * Payments that record where the app would have gone instead of leaving the story, held to the
 * same contract suite as the real adapters (tests/contract/fake.plans.test.ts). Never used by the app.
 */
export function createRecordingPayments(onRedirect: (url: string) => void): PaymentsService {
  return {
    async redirectToCheckout(session) {
      if (!session.url) throw new Error(NO_CHECKOUT_URL_MESSAGE);
      onRedirect(session.url);
    },
  };
}
