import { productsPath, subscriptionsPath } from '../../../shared/accounts/document-paths';
import type { SubscriptionDocument } from '../../../shared/billing/billing.schema';
import { entitlementsOf } from '../../../shared/billing/entitlements';
import { api as defaultApi, type ApiClient, readApiError } from '../http/api-client';
import type { Plan, PlansStore, Subscription } from './plans.port';

// The embedded server's documents, in the Stripe extension's field names (docs/spec.md §3, §7).
interface PriceDocument {
  id: string;
  active: boolean;
  currency: string;
  unit_amount: number;
  /** 'one_time' prices (a set-up fee, say) have no interval and are no plan. */
  type: 'recurring' | 'one_time';
  interval: string | null;
  interval_count: number | null;
}
interface ProductDocument {
  id: string;
  name: string;
  description: string;
  active: boolean;
  role: string;
  /** Stripe's product metadata: the plan's entitlements (shared/billing/entitlements.ts). */
  metadata?: Record<string, string>;
  prices: PriceDocument[];
}

/** The subscription statuses that make a plan current (as the extension's own client reads them). */
const CURRENT_STATUSES = new Set(['active', 'trialing']);

/** GET a document list; `key` names the array the answer must carry. */
export async function getList<T>(api: ApiClient, path: string, key: string): Promise<T[]> {
  let answer: Record<string, unknown>;
  try {
    answer = await api<Record<string, unknown>>(path);
  } catch (error) {
    throw new Error(readApiError(error).message, { cause: error });
  }
  const list = answer?.[key];
  if (!Array.isArray(list)) throw new Error(`The server answered without a ${key} list.`);
  return list as T[];
}

function toPlan(product: ProductDocument): Plan {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    role: product.role,
    prices: product.prices.flatMap((price) =>
      price.active && price.type === 'recurring' && price.interval
        ? [
            {
              id: price.id,
              currency: price.currency,
              unitAmount: price.unit_amount,
              interval: price.interval,
              intervalCount: price.interval_count ?? 1,
            },
          ]
        : [],
    ),
    entitlements: entitlementsOf(product.metadata),
  };
}

function toSubscription(document: SubscriptionDocument): Subscription {
  return {
    id: document.id,
    role: document.role,
    status: document.status,
    priceId: document.price,
    productId: document.product,
    currentPeriodStart: document.current_period_start.seconds,
    currentPeriodEnd: document.current_period_end.seconds,
    cancelAtPeriodEnd: document.cancel_at_period_end === true,
    scheduledChange: document.scheduled_change
      ? { priceId: document.scheduled_change.price, role: document.scheduled_change.role }
      : null,
  };
}

/** The plans port over the embedded server's /api/documents/products and …/subscriptions. */
export function createLocalPlans({ api = defaultApi }: { api?: ApiClient } = {}): PlansStore {
  return {
    async listPlans() {
      const products = await getList<ProductDocument>(api, productsPath, 'products');
      return products
        .filter((product) => product.active)
        .map(toPlan)
        .filter((plan) => plan.prices.length > 0);
    },
    async currentSubscription(uid) {
      const subscriptions = await getList<SubscriptionDocument>(api, subscriptionsPath(uid), 'subscriptions');
      const current = subscriptions
        .filter((subscription) => CURRENT_STATUSES.has(subscription.status))
        .sort((a, b) => b.created.seconds - a.created.seconds)[0];
      return current ? toSubscription(current) : null;
    },
  };
}
