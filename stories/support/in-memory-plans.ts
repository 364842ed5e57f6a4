import type { BillingStore, Invoice } from '../../src/services/account-store/billing.port';
import type {
  CheckoutSessionsStore,
  CheckoutSessionState,
} from '../../src/services/account-store/checkout-sessions.port';
import type { Plan, PlansStore, Subscription } from '../../src/services/account-store/plans.port';
import type { PaymentsService } from '../../src/services/payments/payments.port';

/** The embedded server's seed plans, as the port returns them. */
export const SEED_PLANS: Plan[] = [
  {
    id: 'prod_MqBasicPlan01',
    name: 'Basic',
    description: 'Watch on one screen at a time in HD (720p).',
    role: 'basic',
    prices: [{ id: 'price_1MqBasicMonthlyGbp', currency: 'gbp', unitAmount: 499, interval: 'month', intervalCount: 1 }],
  },
  {
    id: 'prod_MqStandardPlan01',
    name: 'Standard',
    description: 'Watch on two screens at a time in Full HD (1080p).',
    role: 'standard',
    prices: [
      { id: 'price_1MqStandardMonthlyGbp', currency: 'gbp', unitAmount: 699, interval: 'month', intervalCount: 1 },
    ],
  },
  {
    id: 'prod_MqPremiumPlan01',
    name: 'Premium',
    description: 'Watch on four screens at a time in Ultra HD (4K) with spatial audio.',
    role: 'premium',
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

/** A test double of the plans port for stories. Never used by the app. */
export function createInMemoryPlans(
  options: { plans?: Plan[]; subscription?: Subscription | null; delayMs?: number; failWith?: string } = {},
): PlansStore {
  const call = async <T>(value: T): Promise<T> => {
    await pause(options.delayMs ?? 150);
    if (options.failWith) throw new Error(options.failWith);
    return value;
  };
  return {
    listPlans: () => call(options.plans ?? SEED_PLANS),
    currentSubscription: () => call(options.subscription ?? null),
  };
}

/**
 * A test double of the checkout-sessions port: each request is answered, after a delay, the way
 * the payment side would (a session id and url, or an error message). Never used by the app.
 */
export function createInMemoryCheckoutSessions(
  options: { answer?: CheckoutSessionState; delayMs?: number } = {},
): CheckoutSessionsStore {
  let next = 1;
  return {
    async create() {
      await pause(options.delayMs ?? 150);
      return `request-${next++}`;
    },
    watch(_uid, id, onChange) {
      onChange({});
      const timer = setTimeout(
        () => onChange(options.answer ?? { sessionId: `cs_test_${id}`, url: `/checkout/cs_test_${id}` }),
        options.delayMs ?? 150,
      );
      return () => clearTimeout(timer);
    },
  };
}

/** Payments that record where the app would have gone instead of leaving the story. */
export function createRecordingPayments(onRedirect: (url: string | undefined) => void): PaymentsService {
  return {
    async redirectToCheckout(session) {
      onRedirect(session.url);
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
  },
  {
    id: 'in_story_1',
    created: Date.UTC(2026, 9, 22) / 1000,
    planName: 'Standard',
    amount: 699,
    currency: 'gbp',
    card: { brand: 'visa', last4: '4242' },
  },
];

/**
 * A test double of the billing port for stories, over a subscription it shares with the plans
 * double (`state`): cancelling and restarting change it as the server would. Never used by the app.
 */
export function createInMemoryBilling(
  state: { subscription: Subscription | null },
  options: { invoices?: Invoice[]; delayMs?: number; failWith?: string } = {},
): BillingStore {
  const call = async <T>(value: () => T): Promise<T> => {
    await pause(options.delayMs ?? 150);
    if (options.failWith) throw new Error(options.failWith);
    return value();
  };
  return {
    listInvoices: () => call(() => options.invoices ?? STORY_INVOICES),
    setCancelAtPeriodEnd: (_uid, _id, cancel) =>
      call(() => {
        if (state.subscription) state.subscription = { ...state.subscription, cancelAtPeriodEnd: cancel };
        return 'done' as const;
      }),
    scheduleChange: (_uid, _id, priceId) =>
      call(() => {
        const plan = SEED_PLANS.find((candidate) => candidate.prices.some((price) => price.id === priceId));
        if (state.subscription && plan) {
          const same = state.subscription.priceId === priceId;
          state.subscription = { ...state.subscription, scheduledChange: same ? null : { priceId, role: plan.role } };
        }
        return 'done' as const;
      }),
  };
}
