/**
 * Renewals (docs/billing.md): each period is charged once, whoever brings the subscription up to
 * date and however many at once, and every period ends on the anchor day (31 January → 28
 * February → 31 March).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { monthsAfter } from '../../shared/billing/billing-period.ts';
import { checkoutApp, type Customer, openSession, PLANS, SESSION_COOKIE, subscriptionsOf } from './checkout-helpers.ts';

const WORKER = fileURLToPath(new URL('./support/renewal-worker.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MINUTE = 60 * 1000;

interface InvoiceLineDocument {
  amount: number;
  proration: boolean;
}

interface InvoiceDocument {
  billing_reason: string;
  amount_paid: number;
  description: string;
  period_start: { seconds: number };
  period_end: { seconds: number };
  lines: InvoiceLineDocument[];
}

async function invoicesOf(app: FastifyInstance, customer: Customer): Promise<InvoiceDocument[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/documents/customers/${customer.uid}/invoices`,
    cookies: { [SESSION_COOKIE]: customer.token },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { invoices: InvoiceDocument[] }).invoices;
}

/** The period starts a subscription begun at `anchor` has had by `at`, by the anchor-day rule. */
function periodStarts(anchor: number, at: number): number[] {
  const starts: number[] = [];
  for (let months = 0; monthsAfter(anchor, months) <= at; months++) starts.push(monthsAfter(anchor, months) / 1000);
  return starts;
}

/** A Marquee app in a process of its own on `dataDir`, its clock at `now` (support/renewal-worker.ts). */
function startWorker(args: { dataDir: string; now: number; customer: Customer; sessionId: string; count: number }) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      WORKER,
      args.dataDir,
      String(args.now),
      args.customer.uid,
      args.customer.token,
      args.sessionId,
      String(args.count),
    ],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = once(child, 'exit');
  return {
    async ready() {
      while (!out.includes('ready\n')) {
        if (child.exitCode !== null) throw new Error(`renewal worker exited early: ${err}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    go: () => child.stdin.write('go\n'),
    async statuses(): Promise<number[]> {
      const [code] = (await exited) as [number | null];
      if (code !== 0) throw new Error(`renewal worker failed (${code}): ${err}`);
      return JSON.parse(out.split('\n').filter(Boolean).at(-1)!) as number[];
    },
  };
}

describe('renewals are idempotent', () => {
  it('40 checkout-page loads and subscription reads at once, from two processes on one database, charge each overdue period once', async () => {
    // A Standard membership begun on 31 January 2015 and not looked at for ten years.
    const start = Date.UTC(2015, 0, 31, 12);
    const later = Date.UTC(2025, 1, 1, 12);
    const { app, dataDir, clock, ann } = await checkoutApp({ start });
    const first = await openSession(app, ann, PLANS.standard.price);
    expect((await checkoutAppPay(app, ann, first.sessionId)).statusCode).toBe(200);
    clock.set(later);
    // An upgrade's checkout, opened now: loading its page brings the membership up to date.
    const upgrade = await openSession(app, ann, PLANS.premium.price);

    const workers = [0, 1].map(() =>
      startWorker({ dataDir, now: later + MINUTE, customer: ann, sessionId: upgrade.sessionId, count: 20 }),
    );
    await Promise.all(workers.map((worker) => worker.ready()));
    for (const worker of workers) worker.go();
    const statuses = (await Promise.all(workers.map((worker) => worker.statuses()))).flat();
    expect(statuses).toHaveLength(40);
    expect(statuses.every((status) => status === 200)).toBe(true);

    clock.set(later + MINUTE);
    const expected = periodStarts(start, later + MINUTE);
    expect(expected).toHaveLength(121);
    const invoices = await invoicesOf(app, ann);
    expect(invoices.map((invoice) => invoice.period_start.seconds).sort((a, b) => a - b)).toEqual(expected);
    expect(invoices.filter((invoice) => invoice.billing_reason === 'subscription_cycle')).toHaveLength(120);
    // And in the table itself, voided or not: no period was charged twice.
    const charges = app.db.prepare('SELECT count(*) AS n FROM invoices WHERE uid = ?').get(ann.uid) as { n: number };
    expect(charges.n).toBe(121);

    const [subscription] = await subscriptionsOf(app, ann);
    expect(subscription!.current_period_start.seconds).toBe(expected.at(-1));
    expect(subscription!.current_period_end.seconds).toBe(Date.UTC(2025, 1, 28, 12) / 1000);
  }, 120_000);
});

async function checkoutAppPay(app: FastifyInstance, customer: Customer, sessionId: string) {
  return app.inject({
    method: 'POST',
    url: `/checkout/${sessionId}/pay`,
    cookies: { [SESSION_COOKIE]: customer.token },
    payload: { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ann Example' },
  });
}
