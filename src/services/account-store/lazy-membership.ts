import { loadAdapterOnce } from '../load-adapter-once';
import type { CardInput } from './billing.port';
import type { CheckoutSessionRequest } from './checkout-sessions.port';
import type { Membership } from './local-membership';

const loadLocalMembership = () => import('./local-membership').then((module) => module.createLocalMembership());

/**
 * The embedded server's plans, checkout sessions and billing, as stand-ins that import the real
 * adapters (local-membership.ts, a chunk of their own) on first use: only the plan, checkout and
 * account screens call them, and every page loads the services. A failed import is tried again
 * on the next call.
 */
export function createLazyMembership(load: () => Promise<Membership> = loadLocalMembership): Membership {
  const stores = loadAdapterOnce(load);
  return {
    plans: {
      listPlans: () => stores().then((s) => s.plans.listPlans()),
      currentSubscription: (uid: string) => stores().then((s) => s.plans.currentSubscription(uid)),
    },
    checkoutSessions: {
      create: (uid: string, request: CheckoutSessionRequest) =>
        stores().then((s) => s.checkoutSessions.create(uid, request)),
      watch(uid, id, onChange, onError) {
        let stop: (() => void) | undefined;
        let stopped = false;
        stores().then((s) => {
          if (!stopped) stop = s.checkoutSessions.watch(uid, id, onChange, onError);
        }, onError);
        return () => {
          stopped = true;
          stop?.();
        };
      },
    },
    billing: {
      listInvoices: (uid: string) => stores().then((s) => s.billing.listInvoices(uid)),
      setCancelAtPeriodEnd: (uid: string, id: string, cancel: boolean) =>
        stores().then((s) => s.billing.setCancelAtPeriodEnd(uid, id, cancel)),
      scheduleChange: (uid: string, id: string, priceId: string, currentPriceId: string) =>
        stores().then((s) => s.billing.scheduleChange(uid, id, priceId, currentPriceId)),
      // The embedded checkout's billing always takes a card itself.
      paymentMethod: {
        get: (uid: string) => stores().then((s) => s.billing.paymentMethod!.get(uid)),
        update: (uid: string, card: CardInput) => stores().then((s) => s.billing.paymentMethod!.update(uid, card)),
      },
    },
  };
}
