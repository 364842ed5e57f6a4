import { invoicesPath, paymentMethodPath, subscriptionsPath } from '../../../shared/accounts/document-paths';
import type { InvoiceDocument } from '../../../shared/billing/billing.schema';
import { api as defaultApi, type ApiClient, readApiError } from '../http/api-client';
import type { BillingStore, CardOnFile, Invoice } from './billing.port';
import { getList } from './local-plans';

const toInvoice = (document: InvoiceDocument): Invoice => ({
  id: document.id,
  created: document.created.seconds,
  planName: document.description,
  amount: document.amount_paid,
  currency: document.currency,
  card: document.card,
  lines: document.lines.map(({ description, amount, proration }) => ({ description, amount, proration })),
});

/** The billing port over the embedded server's subscription routes and …/invoices. */
export function createLocalBilling({ api = defaultApi }: { api?: ApiClient } = {}): BillingStore {
  const send = async (path: string, method: 'PATCH' | 'POST', body: object) => {
    try {
      await api(path, { method, body });
      return 'done' as const;
    } catch (error) {
      throw new Error(readApiError(error).message, { cause: error });
    }
  };
  return {
    async listInvoices(uid) {
      const invoices = await getList<InvoiceDocument>(api, invoicesPath(uid), 'invoices');
      return invoices.map(toInvoice);
    },
    setCancelAtPeriodEnd: (uid, id, cancel) =>
      send(`${subscriptionsPath(uid)}/${encodeURIComponent(id)}`, 'PATCH', { cancel_at_period_end: cancel }),
    paymentMethod: {
      async get(uid) {
        try {
          return (await api<{ card: CardOnFile | null }>(paymentMethodPath(uid))).card;
        } catch (error) {
          throw new Error(readApiError(error).message, { cause: error });
        }
      },
      async update(uid, card) {
        try {
          const answer = await api<{ card: CardOnFile }>(paymentMethodPath(uid), { method: 'PUT', body: card });
          return answer.card;
        } catch (error) {
          throw new Error(readApiError(error).message, { cause: error });
        }
      },
    },
    scheduleChange: (uid, id, priceId, currentPriceId) =>
      send(`${subscriptionsPath(uid)}/${encodeURIComponent(id)}/scheduled_change`, 'POST', {
        price: priceId,
        current_price: currentPriceId,
      }),
  };
}
