import { formatPrice } from '../../../shared/billing/price-format';
import type { BillingHistoryRow } from '../../components/account/BillingHistory';
import { fromPromise } from '../../machines/from-promise';
import { billingMachine, type CancelInput, type ScheduleInput } from '../../machines/plans/billing.machine';
import { formatRenewalDate } from '../../machines/plans/plan-text';
import type { BillingStore, Invoice } from '../../services/account-store/billing.port';

/** The billing machine over the billing port; `onChanged` reads the subscription again. */
export function provideBilling(billing: BillingStore, onChanged: () => void) {
  return billingMachine.provide({
    actors: {
      listInvoices: fromPromise(({ input }: { input: { uid: string } }) => billing.listInvoices(input.uid)),
      setCancelAtPeriodEnd: fromPromise(({ input }: { input: CancelInput }) =>
        billing.setCancelAtPeriodEnd(input.uid, input.subscriptionId, input.cancel),
      ),
      scheduleChange: fromPromise(({ input }: { input: ScheduleInput }) =>
        billing.scheduleChange(input.uid, input.subscriptionId, input.priceId, input.currentPriceId),
      ),
    },
    actions: { notifyChanged: onChanged },
  });
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa •••• 4242" */
export function cardText(card: Invoice['card']): string | null {
  if (!card) return null;
  return `${BRANDS[card.brand] ?? 'Card'} •••• ${card.last4}`;
}

/** "GBP 5.50", and a credit as "−GBP 2.50". */
const amountText = (currency: string, amount: number) =>
  `${amount < 0 ? '−' : ''}${formatPrice({ currency, unitAmount: Math.abs(amount) })}`;

/**
 * The history's rows, as the account page shows them: an upgrade's charge reads "Upgrade to
 * Premium", with its proration lines on their own under it.
 */
export function billingRows(invoices: Invoice[]): BillingHistoryRow[] {
  return invoices.map((invoice) => {
    const prorated = invoice.lines.some((line) => line.proration);
    return {
      id: invoice.id,
      date: formatRenewalDate(invoice.created),
      plan: prorated ? `Upgrade to ${invoice.planName}` : invoice.planName,
      amount: amountText(invoice.currency, invoice.amount),
      card: cardText(invoice.card),
      ...(prorated
        ? {
            lines: invoice.lines.map((line) => ({
              description: line.description,
              amount: amountText(invoice.currency, line.amount),
            })),
          }
        : {}),
    };
  });
}
