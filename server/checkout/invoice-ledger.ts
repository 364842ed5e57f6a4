import type { Database } from 'better-sqlite3';

import type { InvoiceDocument, InvoiceLine } from '../../shared/billing/billing.schema.ts';
import { runWrite } from '../db/write-turn.ts';
import type { PriceWithProduct, ProductsRepository } from './products-repository.ts';
import { newInvoiceId } from './random-ids.ts';
import { timestamp } from './timestamps.ts';

/** An invoice document, customers/{uid}/invoices/{id}. */
export type Invoice = InvoiceDocument;

interface InvoiceRow {
  id: string;
  subscription_id: string;
  billing_reason: Invoice['billing_reason'];
  created: number;
  amount_paid: number;
  currency: string;
  price_id: string;
  product_id: string;
  product_name: string;
  card_brand: string | null;
  card_last4: string | null;
  period_start: number;
  period_end: number;
  previous_price_id: string | null;
  proration_credit: number | null;
}

/**
 * The invoices a subscription's charges leave: one per charge, at most one per period (the
 * database refuses a second), listed newest first with their lines as billing history shows them.
 * Writes run inside the subscription's own transaction (its caller's write turn).
 */
export function createInvoiceLedger(db: Database, products: ProductsRepository) {
  // OR IGNORE: a period already charged (invoices_one_per_period, migration 014) is not charged again.
  const insertInvoice = db.prepare(`
    INSERT OR IGNORE INTO invoices (id, uid, subscription_id, billing_reason, created, amount_paid, currency, price_id,
      product_id, card_brand, card_last4, period_start, period_end, previous_price_id, proration_credit)
    VALUES (@id, @uid, @subscriptionId, @reason, @created, @amount, @currency, @priceId, @productId, @brand, @last4,
      @periodStart, @periodEnd, @previousPriceId, @prorationCredit)`);
  const selectInvoices = db.prepare<[string], InvoiceRow>(`
    SELECT invoices.*, products.name AS product_name FROM invoices JOIN products ON products.id = invoices.product_id
    WHERE invoices.uid = ? AND invoices.voided_at IS NULL ORDER BY invoices.created DESC, invoices.rowid DESC`);

  const record = (
    row: { uid: string; id: string },
    reason: Invoice['billing_reason'],
    plan: PriceWithProduct,
    amount: number,
    card: { brand: string | null; last4: string | null },
    at: number,
    period: { start: number; end: number },
    proration: { previousPriceId: string; credit: number } | null = null,
  ) =>
    runWrite(insertInvoice, {
      id: newInvoiceId(),
      uid: row.uid,
      subscriptionId: row.id,
      reason,
      created: at,
      amount,
      currency: plan.price.currency,
      priceId: plan.price.id,
      productId: plan.product.id,
      brand: card.brand,
      last4: card.last4,
      periodStart: period.start,
      periodEnd: period.end,
      previousPriceId: proration?.previousPriceId ?? null,
      prorationCredit: proration?.credit ?? null,
    });

  /** An invoice's lines: the plan for its period, or an upgrade's proration as its own lines. */
  function linesOf(row: InvoiceRow): InvoiceLine[] {
    const period = { period_start: timestamp(row.period_start), period_end: timestamp(row.period_end) };
    if (row.billing_reason !== 'subscription_update') {
      return [{ description: row.product_name, amount: row.amount_paid, proration: false, ...period }];
    }
    const previous = row.previous_price_id ? products.findPrice(row.previous_price_id) : null;
    if (!previous || row.proration_credit === null) {
      return [
        {
          description: `Upgrade to ${row.product_name}, prorated`,
          amount: row.amount_paid,
          proration: true,
          ...period,
        },
      ];
    }
    return [
      {
        description: `Remaining time on ${row.product_name}`,
        amount: row.amount_paid + row.proration_credit,
        proration: true,
        ...period,
      },
      {
        description: `Unused time on ${previous.product.name}`,
        amount: -row.proration_credit,
        proration: true,
        ...period,
      },
    ];
  }

  const invoicesOf = (uid: string): Invoice[] =>
    selectInvoices.all(uid).map((row) => ({
      id: row.id,
      subscription: row.subscription_id,
      billing_reason: row.billing_reason,
      created: timestamp(row.created),
      amount_paid: row.amount_paid,
      currency: row.currency,
      price: row.price_id,
      product: row.product_id,
      description: row.product_name,
      card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
      period_start: timestamp(row.period_start),
      period_end: timestamp(row.period_end),
      lines: linesOf(row),
    }));

  return { record, list: invoicesOf };
}

export type InvoiceLedger = ReturnType<typeof createInvoiceLedger>;
