import { collection, doc, type Firestore, getDoc, getDocs } from 'firebase/firestore';

import { firestoreError } from '../firebase/firestore-errors';
import type { BillingStore, Invoice } from './billing.port';

export interface HostedBillingOptions {
  /**
   * The Stripe extension's createPortalLink callable: the address of Stripe's customer portal
   * for the signed-in customer, which comes back to `returnUrl`.
   */
  createPortalLink: (returnUrl: string) => Promise<string>;
  /** Leaves for the portal; window.location.assign by default. */
  navigate?: (url: string) => void;
  /** Where the portal comes back to; the current page by default. */
  returnUrl?: () => string;
}

/** A Stripe timestamp: raw objects carry seconds; Firestore Timestamps `{ seconds }`. */
const secondsOf = (value: unknown) =>
  typeof value === 'number' ? value : ((value as { seconds?: number } | undefined)?.seconds ?? 0);

interface StripeInvoiceLine {
  description?: string;
  amount?: number;
  proration?: boolean;
  price?: { product?: string };
}

/**
 * The billing port over the Stripe Firebase extension. Its documents are written by its webhook
 * handler only, so every change goes through Stripe's customer portal (as the extension's own
 * guide does): cancelling sets the subscription's `cancel_at_period_end`, restarting clears it,
 * and a plan change is made there; each then reaches customers/{uid}/subscriptions. The history
 * is the paid invoices the extension keeps under each subscription (…/invoices/{id}); Stripe's
 * invoices do not carry the card, so `card` is null.
 */
export function createHostedBilling(
  db: Firestore,
  {
    createPortalLink,
    navigate = (url) => window.location.assign(url),
    returnUrl = () => window.location.href,
  }: HostedBillingOptions,
): BillingStore {
  const toPortal = async () => {
    let url: string;
    try {
      url = await createPortalLink(returnUrl());
    } catch (error) {
      throw firestoreError(error);
    }
    navigate(url);
    return 'redirected' as const;
  };

  const planNames = new Map<string, Promise<string | null>>();
  const planName = (productId: string) => {
    let name = planNames.get(productId);
    if (!name) {
      name = getDoc(doc(db, 'products', productId)).then(
        (product) => (typeof product.get('name') === 'string' ? (product.get('name') as string) : null),
        () => null,
      );
      planNames.set(productId, name);
    }
    return name;
  };

  return {
    // The portal says what cancelling means and asks before it cancels.
    confirmsCancellation: true,
    async listInvoices(uid) {
      try {
        const subscriptions = await getDocs(collection(db, 'customers', uid, 'subscriptions'));
        const lists = await Promise.all(
          subscriptions.docs.map(async (subscription) => {
            const invoices = await getDocs(collection(subscription.ref, 'invoices'));
            return Promise.all(
              invoices.docs
                .filter((invoice) => invoice.get('status') === 'paid')
                .map(async (invoice): Promise<Invoice> => {
                  const data = invoice.data();
                  // Stripe's list as the extension copied it: an array, or (through some emulators) a
                  // map keyed 0, 1, …; anything else is no lines rather than a crash.
                  const copied = (data.lines as { data?: unknown } | undefined)?.data;
                  const lines = (
                    Array.isArray(copied) ? copied : copied && typeof copied === 'object' ? Object.values(copied) : []
                  ) as StripeInvoiceLine[];
                  const line = lines[0];
                  const product = line?.price?.product;
                  return {
                    id: invoice.id,
                    created: secondsOf(data.created),
                    planName: (product && (await planName(product))) ?? line?.description ?? 'Membership',
                    amount: Number(data.amount_paid ?? 0),
                    currency: String(data.currency ?? ''),
                    card: null,
                    // Stripe's own lines: an upgrade's proration comes as its own lines there too.
                    lines: lines.map((each) => ({
                      description: each.description ?? '',
                      amount: Number(each.amount ?? 0),
                      proration: each.proration === true,
                    })),
                  };
                }),
            );
          }),
        );
        return lists.flat().sort((a, b) => b.created - a.created);
      } catch (error) {
        throw firestoreError(error);
      }
    },
    setCancelAtPeriodEnd: () => toPortal(),
    scheduleChange: () => toPortal(),
  };
}
