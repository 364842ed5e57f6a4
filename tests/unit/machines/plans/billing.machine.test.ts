import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import {
  billingMachine,
  type CancelInput,
  type ScheduleInput,
} from '../../../../src/machines/plans/billing.machine.ts';
import type { BillingOutcome, Invoice } from '../../../../src/services/account-store/billing.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const UID = 'uid-alice';
const INVOICE: Invoice = {
  id: 'in_1',
  created: 1_795_824_000,
  planName: 'Standard',
  amount: 699,
  currency: 'gbp',
  card: { brand: 'visa', last4: '4242' },
  lines: [{ description: 'Standard', amount: 699, proration: false }],
};

function createHarness() {
  const lists: Deferred<Invoice[]>[] = [];
  const cancels: { input: CancelInput; result: Deferred<BillingOutcome> }[] = [];
  const schedules: { input: ScheduleInput; result: Deferred<BillingOutcome> }[] = [];
  let changed = 0;
  const machine = billingMachine.provide({
    actors: {
      listInvoices: fromPromise<Invoice[], { uid: string }>(() => {
        const result = deferred<Invoice[]>();
        lists.push(result);
        return result.promise;
      }),
      setCancelAtPeriodEnd: fromPromise<BillingOutcome, CancelInput>(({ input }) => {
        const result = deferred<BillingOutcome>();
        cancels.push({ input, result });
        return result.promise;
      }),
      scheduleChange: fromPromise<BillingOutcome, ScheduleInput>(({ input }) => {
        const result = deferred<BillingOutcome>();
        schedules.push({ input, result });
        return result.promise;
      }),
    },
    actions: { notifyChanged: () => void changed++ },
  });
  const actor = createActor(machine, { input: { uid: UID } });
  actor.start();
  return { actor, lists, cancels, schedules, changed: () => changed };
}

describe('billing machine: history', () => {
  it('reads the invoices at start, and shows a retryable failure', async () => {
    const { actor, lists } = createHarness();
    expect(actor.getSnapshot().hasTag('historyBusy')).toBe(true);
    lists[0]!.reject(new Error('Could not reach Marquee.'));
    await flush();
    expect(actor.getSnapshot().context.historyError).toBe('Could not reach Marquee.');
    actor.send({ type: 'billing.retryHistory' });
    expect(actor.getSnapshot().context.historyError).toBeNull();
    lists[1]!.resolve([INVOICE]);
    await flush();
    expect(actor.getSnapshot().context.invoices).toEqual([INVOICE]);
    expect(actor.getSnapshot().hasTag('historyBusy')).toBe(false);
  });
});

describe('billing machine: changes', () => {
  it('cancels at the period’s end, then tells the screen and reads the history again', async () => {
    const { actor, lists, cancels, changed } = createHarness();
    lists[0]!.resolve([]);
    await flush();
    actor.send({ type: 'billing.cancel', subscriptionId: 'sub_1' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(cancels[0]!.input).toEqual({ uid: UID, subscriptionId: 'sub_1', cancel: true });
    // One change at a time.
    actor.send({ type: 'billing.restart', subscriptionId: 'sub_1' });
    expect(cancels).toHaveLength(1);

    cancels[0]!.result.resolve('done');
    await flush();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(changed()).toBe(1);
    expect(lists).toHaveLength(2);
  });

  it('restarts, and schedules a downgrade, with the subscription and price asked for', async () => {
    const { actor, cancels, schedules } = createHarness();
    actor.send({ type: 'billing.restart', subscriptionId: 'sub_1' });
    expect(cancels[0]!.input).toEqual({ uid: UID, subscriptionId: 'sub_1', cancel: false });
    cancels[0]!.result.resolve('done');
    await flush();
    actor.send({
      type: 'billing.schedule',
      subscriptionId: 'sub_1',
      priceId: 'price_basic',
      currentPriceId: 'price_standard',
    });
    expect(schedules[0]!.input).toEqual({
      uid: UID,
      subscriptionId: 'sub_1',
      priceId: 'price_basic',
      currentPriceId: 'price_standard',
    });
  });

  it('shows a failure until dismissed, and has the screen read the subscription again', async () => {
    const { actor, cancels, changed } = createHarness();
    actor.send({ type: 'billing.cancel', subscriptionId: 'sub_1' });
    cancels[0]!.result.reject(new Error('This subscription has ended.'));
    await flush();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.changeError).toBe('This subscription has ended.');
    // The refusal may be that it changed elsewhere: the screen shows it as it is now.
    expect(changed()).toBe(1);
    actor.send({ type: 'billing.dismiss' });
    expect(actor.getSnapshot().context.changeError).toBeNull();
    expect(actor.getSnapshot().can({ type: 'billing.cancel', subscriptionId: 'sub_1' })).toBe(true);
  });

  it('stays busy while the browser leaves for the provider’s portal', async () => {
    const { actor, cancels, changed } = createHarness();
    actor.send({ type: 'billing.cancel', subscriptionId: 'sub_1' });
    cancels[0]!.result.resolve('redirected');
    await flush();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(changed()).toBe(0);
  });

  it('ends a scheduled change the way it ends a cancel: made, failed, or left for the portal', async () => {
    const { actor, lists, schedules, changed } = createHarness();
    const schedule = {
      type: 'billing.schedule',
      subscriptionId: 'sub_1',
      priceId: 'price_basic',
      currentPriceId: 'price_standard',
    } as const;
    actor.send(schedule);
    schedules[0]!.result.resolve('done');
    await flush();
    expect(changed()).toBe(1);
    expect(lists).toHaveLength(2);

    actor.send(schedule);
    schedules[1]!.result.reject(new Error('Could not reach Marquee.'));
    await flush();
    expect(actor.getSnapshot().context.changeError).toBe('Could not reach Marquee.');
    expect(changed()).toBe(2);

    actor.send(schedule);
    expect(actor.getSnapshot().context.changeError).toBeNull();
    schedules[2]!.result.resolve('redirected');
    await flush();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(changed()).toBe(2);
  });
});
