import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { getSimplePaths } from 'xstate/graph';

import {
  CHECKOUT_ERROR_PREFIX,
  CHECKOUT_START_TIMEOUT_MS,
  CHECKOUT_TIMEOUT_MESSAGE,
  type CheckoutEvent,
  type CheckoutInput,
  checkoutMachine,
} from '../../../../src/machines/plans/checkout.machine.ts';
import type {
  CheckoutSessionRequest,
  CheckoutSessionState,
} from '../../../../src/services/account-store/checkout-sessions.port.ts';
import type { CheckoutSession } from '../../../../src/services/payments/payments.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

// ---------------------------------------------------------------------------------------------
// Fakes: createSession and redirectToCheckout return promises the test settles by hand; the
// watch records its input, hands the test its sendBack and notes when its cleanup runs.
// ---------------------------------------------------------------------------------------------

const UID = 'uid-alice';
const INPUT: CheckoutInput = {
  uid: UID,
  successUrl: 'http://localhost:3000/change-plan?checkout=success',
  cancelUrl: 'http://localhost:3000/change-plan?checkout=cancel',
};
const STANDARD = 'price_1MqStandardMonthlyGbp';
const PREMIUM = 'price_1MqPremiumMonthlyGbp';
const DOCUMENT_ID = 'Xq3vT9bLk2Pm8RzW4nYc';
const SESSION_ID = 'cs_test_a1B2c3D4e5F6';
const CHECKOUT_URL = 'http://localhost:3000/checkout/cs_test_a1B2c3D4e5F6';

interface CreateCall {
  input: { uid: string; request: CheckoutSessionRequest };
  result: Deferred<string>;
}
interface Watch {
  input: { uid: string; documentId: string };
  sendBack: (event: CheckoutEvent) => void;
  stopped: boolean;
}
interface RedirectCall {
  input: CheckoutSession;
  result: Deferred<void>;
}

function createHarness(input: CheckoutInput = INPUT) {
  const creates: CreateCall[] = [];
  const watches: Watch[] = [];
  const redirects: RedirectCall[] = [];

  const machine = checkoutMachine.provide({
    actors: {
      createSession: fromPromise<string, { uid: string; request: CheckoutSessionRequest }>(({ input }) => {
        const result = deferred<string>();
        creates.push({ input, result });
        return result.promise;
      }),
      watchSession: fromCallback<CheckoutEvent, { uid: string; documentId: string }>(({ input, sendBack }) => {
        const watch: Watch = { input, sendBack, stopped: false };
        watches.push(watch);
        return () => {
          watch.stopped = true;
        };
      }),
      redirectToCheckout: fromPromise<void, CheckoutSession>(({ input }) => {
        const result = deferred<void>();
        redirects.push({ input, result });
        return result.promise;
      }),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();

  const last = <T>(list: T[], name: string): T => {
    const item = list.at(-1);
    if (item === undefined) throw new Error(`The fake "${name}" was never invoked`);
    return item;
  };
  const liveWatch = () => {
    const watch = last(watches, 'watchSession');
    if (watch.stopped) throw new Error('The session watch is not running');
    return watch;
  };

  return {
    actor,
    creates,
    watches,
    redirects,
    snapshot: () => actor.getSnapshot(),
    subscribe(priceId: string, current = false) {
      actor.send({ type: 'checkout.subscribe', priceId, current });
    },
    async resolveCreate(documentId: string = DOCUMENT_ID) {
      last(creates, 'createSession').result.resolve(documentId);
      await flush();
    },
    async rejectCreate(error: unknown) {
      last(creates, 'createSession').result.reject(error);
      await flush();
    },
    /** What the payment side has written to the session document, as the watch reports it. */
    report(state: CheckoutSessionState) {
      liveWatch().sendBack({ type: 'checkout.changed', state });
    },
    listenFailed(error: Error) {
      liveWatch().sendBack({ type: 'checkout.listenFailed', error });
    },
    async resolveRedirect() {
      last(redirects, 'redirectToCheckout').result.resolve();
      await flush();
    },
    async rejectRedirect(error: unknown) {
      last(redirects, 'redirectToCheckout').result.reject(error);
      await flush();
    },
  };
}

type Harness = ReturnType<typeof createHarness>;

/** Subscribed to `priceId`, the document added, the watch running. */
async function waitingFor(priceId: string = STANDARD): Promise<Harness> {
  const harness = createHarness();
  harness.subscribe(priceId);
  await harness.resolveCreate();
  expect(harness.snapshot().value).toBe('waiting');
  return harness;
}

async function redirectingTo(priceId: string = STANDARD): Promise<Harness> {
  const harness = await waitingFor(priceId);
  harness.report({ sessionId: SESSION_ID, url: CHECKOUT_URL });
  expect(harness.snapshot().value).toBe('redirecting');
  return harness;
}

async function redirected(): Promise<Harness> {
  const harness = await redirectingTo();
  await harness.resolveRedirect();
  expect(harness.snapshot().value).toBe('redirected');
  return harness;
}

async function failedAfterCreate(message = 'The price specified is inactive.'): Promise<Harness> {
  const harness = createHarness();
  harness.subscribe(STANDARD);
  await harness.rejectCreate(new Error(message));
  expect(harness.snapshot().value).toBe('failed');
  return harness;
}

function tagsOf(harness: Harness) {
  const snapshot = harness.snapshot();
  return { busy: snapshot.hasTag('busy'), error: snapshot.hasTag('error') };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------------------------

describe('checkout machine: idle', () => {
  it('starts idle with the input in context, nothing invoked and no tags', () => {
    const harness = createHarness();

    expect(harness.snapshot().value).toBe('idle');
    expect(harness.snapshot().context).toEqual({
      ...INPUT,
      priceId: null,
      documentId: null,
      session: null,
      error: null,
    });
    expect(tagsOf(harness)).toEqual({ busy: false, error: false });
    expect(harness.creates).toHaveLength(0);
    expect(harness.watches).toHaveLength(0);
    expect(harness.redirects).toHaveLength(0);
  });

  it('subscribing to another plan goes to creating (busy) and adds a session for the uid with the request', () => {
    const harness = createHarness();

    harness.subscribe(STANDARD);

    expect(harness.snapshot().value).toBe('creating');
    expect(tagsOf(harness)).toEqual({ busy: true, error: false });
    expect(harness.snapshot().context.priceId).toBe(STANDARD);
    expect(harness.creates.map((call) => call.input)).toEqual([
      { uid: UID, request: { priceId: STANDARD, successUrl: INPUT.successUrl, cancelUrl: INPUT.cancelUrl } },
    ]);
  });

  it('the uid and return addresses come from the input', () => {
    const harness = createHarness({
      uid: 'uid-bob',
      successUrl: 'https://marquee.test/ok',
      cancelUrl: 'https://marquee.test/no',
    });

    harness.subscribe(PREMIUM);

    expect(harness.creates.map((call) => call.input)).toEqual([
      {
        uid: 'uid-bob',
        request: { priceId: PREMIUM, successUrl: 'https://marquee.test/ok', cancelUrl: 'https://marquee.test/no' },
      },
    ]);
  });

  it("the current plan's button does nothing", () => {
    const harness = createHarness();

    expect(harness.snapshot().can({ type: 'checkout.subscribe', priceId: STANDARD, current: true })).toBe(false);
    harness.subscribe(STANDARD, true);

    expect(harness.snapshot().value).toBe('idle');
    expect(harness.snapshot().context.priceId).toBeNull();
    expect(harness.creates).toHaveLength(0);
  });

  it('ignores dismiss and session reports while idle', () => {
    const harness = createHarness();

    harness.actor.send({ type: 'checkout.dismiss' });
    harness.actor.send({ type: 'checkout.changed', state: { sessionId: SESSION_ID, url: CHECKOUT_URL } });
    harness.actor.send({ type: 'checkout.listenFailed', error: new Error('gone') });

    expect(harness.snapshot().value).toBe('idle');
    expect(harness.snapshot().context.session).toBeNull();
    expect(harness.snapshot().context.error).toBeNull();
    expect(harness.redirects).toHaveLength(0);
  });
});

describe('checkout machine: creating', () => {
  it('on success keeps the document id, goes to waiting (busy) and watches that document', async () => {
    const harness = createHarness();
    harness.subscribe(STANDARD);

    await harness.resolveCreate(DOCUMENT_ID);

    expect(harness.snapshot().value).toBe('waiting');
    expect(tagsOf(harness)).toEqual({ busy: true, error: false });
    expect(harness.snapshot().context.documentId).toBe(DOCUMENT_ID);
    expect(harness.watches.map((watch) => watch.input)).toEqual([{ uid: UID, documentId: DOCUMENT_ID }]);
    expect(harness.watches[0]!.stopped).toBe(false);
  });

  it("on failure shows 'An error occurred: ' and the message (tag error), and never watches", async () => {
    const harness = createHarness();
    harness.subscribe(STANDARD);

    await harness.rejectCreate(new Error('Could not reach Marquee. Check your connection and try again.'));

    expect(CHECKOUT_ERROR_PREFIX).toBe('An error occurred: ');
    expect(harness.snapshot().value).toBe('failed');
    expect(tagsOf(harness)).toEqual({ busy: false, error: true });
    expect(harness.snapshot().context.error).toBe(
      'An error occurred: Could not reach Marquee. Check your connection and try again.',
    );
    expect(harness.snapshot().context.priceId).toBe(STANDARD);
    expect(harness.watches).toHaveLength(0);
  });

  it('a rejection that is not an Error is shown as text', async () => {
    const harness = createHarness();
    harness.subscribe(STANDARD);

    await harness.rejectCreate('offline');

    expect(harness.snapshot().context.error).toBe('An error occurred: offline');
  });

  it('ignores another subscribe and a dismiss while the session is being added', async () => {
    const harness = createHarness();
    harness.subscribe(STANDARD);

    expect(harness.snapshot().can({ type: 'checkout.subscribe', priceId: PREMIUM, current: false })).toBe(false);
    harness.subscribe(PREMIUM);
    harness.actor.send({ type: 'checkout.dismiss' });

    expect(harness.snapshot().value).toBe('creating');
    expect(harness.snapshot().context.priceId).toBe(STANDARD);
    expect(harness.creates).toHaveLength(1);

    await harness.resolveCreate();
    expect(harness.snapshot().value).toBe('waiting');
  });
});

describe('checkout machine: waiting', () => {
  it('keeps waiting on updates with neither a session id nor an error', async () => {
    const harness = await waitingFor();

    harness.report({});
    harness.report({ url: CHECKOUT_URL });
    harness.report({ sessionId: '' });
    harness.report({ sessionId: undefined, error: undefined });

    expect(harness.snapshot().value).toBe('waiting');
    expect(tagsOf(harness)).toEqual({ busy: true, error: false });
    expect(harness.snapshot().context.session).toBeNull();
    expect(harness.watches[0]!.stopped).toBe(false);
    expect(harness.redirects).toHaveLength(0);
  });

  it("an error written to the document fails with 'An error occurred: ' and its message", async () => {
    const harness = await waitingFor();

    harness.report({ error: { message: 'No such price: price_1MqStandardMonthlyGbp' } });

    expect(harness.snapshot().value).toBe('failed');
    expect(tagsOf(harness)).toEqual({ busy: false, error: true });
    expect(harness.snapshot().context.error).toBe('An error occurred: No such price: price_1MqStandardMonthlyGbp');
    expect(harness.redirects).toHaveLength(0);
  });

  it('an error wins over a session id written with it', async () => {
    const harness = await waitingFor();

    harness.report({ sessionId: SESSION_ID, url: CHECKOUT_URL, error: { message: 'Your card was declined.' } });

    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().context.error).toBe('An error occurred: Your card was declined.');
    expect(harness.snapshot().context.session).toBeNull();
    expect(harness.redirects).toHaveLength(0);
  });

  it('a session id goes to redirecting (busy) with the session, and redirects to it', async () => {
    const harness = await waitingFor();

    harness.report({ sessionId: SESSION_ID, url: CHECKOUT_URL });

    expect(harness.snapshot().value).toBe('redirecting');
    expect(tagsOf(harness)).toEqual({ busy: true, error: false });
    expect(harness.snapshot().context.session).toEqual({ sessionId: SESSION_ID, url: CHECKOUT_URL });
    expect(harness.redirects.map((call) => call.input)).toEqual([{ sessionId: SESSION_ID, url: CHECKOUT_URL }]);
  });

  it('a session id without a url is passed on as it is (the payments service decides)', async () => {
    const harness = await waitingFor();

    harness.report({ sessionId: SESSION_ID });

    expect(harness.snapshot().value).toBe('redirecting');
    expect(harness.snapshot().context.session).toEqual({ sessionId: SESSION_ID, url: undefined });
    expect(harness.redirects.map((call) => call.input.sessionId)).toEqual([SESSION_ID]);
  });

  it("a watch that cannot listen fails with 'An error occurred: ' and its message", async () => {
    const harness = await waitingFor();

    harness.listenFailed(new Error('Could not follow the checkout session. Check your connection and try again.'));

    expect(harness.snapshot().value).toBe('failed');
    expect(tagsOf(harness)).toEqual({ busy: false, error: true });
    expect(harness.snapshot().context.error).toBe(
      'An error occurred: Could not follow the checkout session. Check your connection and try again.',
    );
  });

  it('gives up after exactly CHECKOUT_START_TIMEOUT_MS without a session id', async () => {
    expect(CHECKOUT_START_TIMEOUT_MS).toBe(30_000);
    const harness = await waitingFor();

    vi.advanceTimersByTime(29_999);
    await flush();
    expect(harness.snapshot().value).toBe('waiting');
    expect(harness.watches[0]!.stopped).toBe(false);

    vi.advanceTimersByTime(1);
    await flush();
    expect(harness.snapshot().value).toBe('failed');
    expect(tagsOf(harness)).toEqual({ busy: false, error: true });
    expect(harness.snapshot().context.error).toBe(`An error occurred: ${CHECKOUT_TIMEOUT_MESSAGE}`);
    expect(harness.snapshot().context.error).toBe(
      'An error occurred: The checkout did not start in time. Please try again.',
    );
  });

  it('counts the time from entering waiting, not from creating', async () => {
    const harness = createHarness();
    harness.subscribe(STANDARD);
    vi.advanceTimersByTime(CHECKOUT_START_TIMEOUT_MS);
    await flush();
    expect(harness.snapshot().value).toBe('creating');

    await harness.resolveCreate();
    vi.advanceTimersByTime(CHECKOUT_START_TIMEOUT_MS - 1);
    await flush();
    expect(harness.snapshot().value).toBe('waiting');

    vi.advanceTimersByTime(1);
    await flush();
    expect(harness.snapshot().value).toBe('failed');
  });

  it('updates without a session id do not restart the time-out', async () => {
    const harness = await waitingFor();

    vi.advanceTimersByTime(20_000);
    harness.report({});
    vi.advanceTimersByTime(CHECKOUT_START_TIMEOUT_MS - 20_000);
    await flush();

    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().context.error).toBe(`An error occurred: ${CHECKOUT_TIMEOUT_MESSAGE}`);
  });

  it('the time-out no longer fires once a session id has arrived', async () => {
    const harness = await waitingFor();
    harness.report({ sessionId: SESSION_ID, url: CHECKOUT_URL });

    vi.advanceTimersByTime(CHECKOUT_START_TIMEOUT_MS * 2);
    await flush();

    expect(harness.snapshot().value).toBe('redirecting');
    expect(harness.snapshot().context.error).toBeNull();
  });

  it.each([
    ['a session id', (harness: Harness) => harness.report({ sessionId: SESSION_ID, url: CHECKOUT_URL }), 'redirecting'],
    ['an error document', (harness: Harness) => harness.report({ error: { message: 'Declined' } }), 'failed'],
    ['a listen failure', (harness: Harness) => harness.listenFailed(new Error('Gone')), 'failed'],
    [
      'the time-out',
      async () => {
        vi.advanceTimersByTime(CHECKOUT_START_TIMEOUT_MS);
        await flush();
      },
      'failed',
    ],
  ] as const)('stops the watch (its cleanup runs) when leaving on %s', async (_name, leave, target) => {
    const harness = await waitingFor();
    expect(harness.watches[0]!.stopped).toBe(false);

    await leave(harness);

    expect(harness.snapshot().value).toBe(target);
    expect(harness.watches).toHaveLength(1);
    expect(harness.watches[0]!.stopped).toBe(true);
  });

  it('a report from the stopped watch changes nothing', async () => {
    const harness = await waitingFor();
    const watch = harness.watches[0]!;
    harness.listenFailed(new Error('Gone'));
    const before = harness.snapshot().context;

    watch.sendBack({ type: 'checkout.changed', state: { sessionId: SESSION_ID, url: CHECKOUT_URL } });
    await flush();

    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().context).toEqual(before);
    expect(harness.redirects).toHaveLength(0);
  });

  it('ignores subscribe and dismiss while waiting', async () => {
    const harness = await waitingFor();

    harness.subscribe(PREMIUM);
    harness.actor.send({ type: 'checkout.dismiss' });

    expect(harness.snapshot().value).toBe('waiting');
    expect(harness.snapshot().context.priceId).toBe(STANDARD);
    expect(harness.creates).toHaveLength(1);
    expect(harness.watches).toHaveLength(1);
  });
});

describe('checkout machine: redirecting', () => {
  it('when the browser is leaving goes to redirected, still busy, keeping the price and session', async () => {
    const harness = await redirectingTo(PREMIUM);

    await harness.resolveRedirect();

    expect(harness.snapshot().value).toBe('redirected');
    expect(tagsOf(harness)).toEqual({ busy: true, error: false });
    expect(harness.snapshot().context).toMatchObject({
      priceId: PREMIUM,
      documentId: DOCUMENT_ID,
      session: { sessionId: SESSION_ID, url: CHECKOUT_URL },
      error: null,
    });
  });

  it("when the redirect fails shows 'An error occurred: ' and the message", async () => {
    const harness = await redirectingTo();

    await harness.rejectRedirect(new Error('The checkout session has no address to go to.'));

    expect(harness.snapshot().value).toBe('failed');
    expect(tagsOf(harness)).toEqual({ busy: false, error: true });
    expect(harness.snapshot().context.error).toBe('An error occurred: The checkout session has no address to go to.');
  });

  it('ignores subscribe, dismiss and late reports while redirecting', async () => {
    const harness = await redirectingTo();

    harness.subscribe(PREMIUM);
    harness.actor.send({ type: 'checkout.dismiss' });
    harness.actor.send({ type: 'checkout.changed', state: { error: { message: 'late' } } });
    harness.actor.send({ type: 'checkout.listenFailed', error: new Error('late') });

    expect(harness.snapshot().value).toBe('redirecting');
    expect(harness.snapshot().context.error).toBeNull();
    expect(harness.creates).toHaveLength(1);
    expect(harness.redirects).toHaveLength(1);
  });
});

describe('checkout machine: redirected', () => {
  it('ignores another subscribe (the browser is leaving)', async () => {
    const harness = await redirected();

    harness.subscribe(PREMIUM);

    expect(harness.snapshot().value).toBe('redirected');
    expect(harness.creates).toHaveLength(1);
  });

  it('dismiss (a page restored from the back/forward cache) goes back to idle with the price and session cleared', async () => {
    const harness = await redirected();

    harness.actor.send({ type: 'checkout.dismiss' });

    expect(harness.snapshot().value).toBe('idle');
    expect(tagsOf(harness)).toEqual({ busy: false, error: false });
    expect(harness.snapshot().context).toMatchObject({ priceId: null, session: null, error: null });
  });

  it('after a dismiss a new checkout starts from the beginning', async () => {
    const harness = await redirected();
    harness.actor.send({ type: 'checkout.dismiss' });

    harness.subscribe(PREMIUM);
    await harness.resolveCreate('Zz9yX8wV7uT6sR5qP4oN');

    expect(harness.snapshot().value).toBe('waiting');
    expect(harness.creates.map((call) => call.input.request.priceId)).toEqual([STANDARD, PREMIUM]);
    expect(harness.watches.map((watch) => watch.input.documentId)).toEqual([DOCUMENT_ID, 'Zz9yX8wV7uT6sR5qP4oN']);
  });
});

describe('checkout machine: failed', () => {
  it("the current plan's button still does nothing, and the error stays", async () => {
    const harness = await failedAfterCreate('Declined');

    expect(harness.snapshot().can({ type: 'checkout.subscribe', priceId: PREMIUM, current: true })).toBe(false);
    harness.subscribe(PREMIUM, true);

    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().context.error).toBe('An error occurred: Declined');
    expect(harness.snapshot().context.priceId).toBe(STANDARD);
    expect(harness.creates).toHaveLength(1);
  });

  it('another subscribe retries with the new price and clears the error', async () => {
    const harness = await failedAfterCreate('Declined');

    harness.subscribe(PREMIUM);

    expect(harness.snapshot().value).toBe('creating');
    expect(tagsOf(harness)).toEqual({ busy: true, error: false });
    expect(harness.snapshot().context).toMatchObject({
      priceId: PREMIUM,
      documentId: null,
      session: null,
      error: null,
    });
    expect(harness.creates.map((call) => call.input)).toEqual([
      { uid: UID, request: { priceId: STANDARD, successUrl: INPUT.successUrl, cancelUrl: INPUT.cancelUrl } },
      { uid: UID, request: { priceId: PREMIUM, successUrl: INPUT.successUrl, cancelUrl: INPUT.cancelUrl } },
    ]);
  });

  it('subscribing to the same price again retries it', async () => {
    const harness = await failedAfterCreate('Declined');

    harness.subscribe(STANDARD);

    expect(harness.snapshot().value).toBe('creating');
    expect(harness.creates.map((call) => call.input.request.priceId)).toEqual([STANDARD, STANDARD]);
  });

  it('a retry after a failure while waiting forgets the old document and session', async () => {
    const harness = await redirectingTo();
    await harness.rejectRedirect(new Error('Blocked'));
    expect(harness.snapshot().context.documentId).toBe(DOCUMENT_ID);

    harness.subscribe(PREMIUM);

    expect(harness.snapshot().context).toMatchObject({
      priceId: PREMIUM,
      documentId: null,
      session: null,
      error: null,
    });
  });

  it('dismiss goes back to idle with the error and the price cleared', async () => {
    const harness = await failedAfterCreate('Declined');

    harness.actor.send({ type: 'checkout.dismiss' });

    expect(harness.snapshot().value).toBe('idle');
    expect(tagsOf(harness)).toEqual({ busy: false, error: false });
    expect(harness.snapshot().context.error).toBeNull();
    expect(harness.snapshot().context.priceId).toBeNull();
  });

  it('ignores session reports while failed', async () => {
    const harness = await failedAfterCreate('Declined');

    harness.actor.send({ type: 'checkout.changed', state: { sessionId: SESSION_ID, url: CHECKOUT_URL } });
    harness.actor.send({ type: 'checkout.listenFailed', error: new Error('late') });

    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().context.error).toBe('An error occurred: Declined');
    expect(harness.redirects).toHaveLength(0);
  });
});

describe('checkout machine: tags', () => {
  it("'busy' on creating, waiting, redirecting and redirected; 'error' only on failed", async () => {
    const harness = createHarness();
    const seen: Record<string, { busy: boolean; error: boolean }> = {};
    const note = () => {
      seen[String(harness.snapshot().value)] = tagsOf(harness);
    };

    note();
    harness.subscribe(STANDARD);
    note();
    await harness.resolveCreate();
    note();
    harness.report({ sessionId: SESSION_ID, url: CHECKOUT_URL });
    note();
    await harness.rejectRedirect(new Error('Blocked'));
    note();
    harness.subscribe(PREMIUM);
    await harness.resolveCreate();
    harness.report({ sessionId: SESSION_ID, url: CHECKOUT_URL });
    await harness.resolveRedirect();
    note();

    expect(seen).toEqual({
      idle: { busy: false, error: false },
      creating: { busy: true, error: false },
      waiting: { busy: true, error: false },
      redirecting: { busy: true, error: false },
      failed: { busy: false, error: true },
      redirected: { busy: true, error: false },
    });
  });
});

describe('checkout machine: without provided implementations', () => {
  it('fails with a message naming the missing effect', async () => {
    const actor = createActor(checkoutMachine, { input: INPUT });
    actor.start();

    actor.send({ type: 'checkout.subscribe', priceId: STANDARD, current: false });
    await flush();

    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(
      'An error occurred: The checkout machine\'s "createSession" implementation was not provided',
    );
    actor.stop();
  });
});

// ---------------------------------------------------------------------------------------------
// Path tests: every simple path to 'redirected', generated from the machine's graph and then
// replayed against a real actor whose effects are the fakes above.
// ---------------------------------------------------------------------------------------------

describe('checkout machine: paths to redirected (xstate/graph)', () => {
  const createId = checkoutMachine.getStateNodeById('checkout.creating').invoke[0]!.id;
  const redirectId = checkoutMachine.getStateNodeById('checkout.redirecting').invoke[0]!.id;
  const createDone = `xstate.done.actor.${createId}`;
  const createError = `xstate.error.actor.${createId}`;
  const redirectDone = `xstate.done.actor.${redirectId}`;
  const redirectError = `xstate.error.actor.${redirectId}`;
  const startTimeout = 'xstate.after.startTimeout.checkout.waiting';

  type GraphEvent = CheckoutEvent | { type: string; output?: unknown; error?: unknown };

  // Two prices, so that a failure can be followed by a checkout of the other plan.
  const events = [
    { type: 'checkout.subscribe', priceId: STANDARD, current: false },
    { type: 'checkout.subscribe', priceId: PREMIUM, current: false },
    { type: 'checkout.subscribe', priceId: STANDARD, current: true },
    { type: createDone, output: DOCUMENT_ID },
    { type: createError, error: new Error('Could not reach Marquee.') },
    { type: 'checkout.changed', state: {} },
    { type: 'checkout.changed', state: { sessionId: SESSION_ID, url: CHECKOUT_URL } },
    { type: 'checkout.changed', state: { error: { message: 'Your card was declined.' } } },
    { type: 'checkout.listenFailed', error: new Error('Could not follow the checkout session.') },
    { type: startTimeout },
    { type: redirectDone },
    { type: redirectError, error: new Error('The checkout session has no address to go to.') },
    { type: 'checkout.dismiss' },
  ] as const satisfies readonly GraphEvent[];

  const traversal: Parameters<typeof getSimplePaths<typeof checkoutMachine>>[1] = {
    // The graph's own done/error/after events are not in CheckoutEvent, hence the cast.
    events: events as unknown as CheckoutEvent[],
    toState: (snapshot) => snapshot.matches('redirected'),
    input: INPUT,
  };
  const paths = getSimplePaths(checkoutMachine, traversal);

  const describePath = (path: (typeof paths)[number]) =>
    path.steps
      .map(({ event }) => {
        const e = event as GraphEvent & { priceId?: string; state?: CheckoutSessionState };
        if (e.type === 'checkout.subscribe') return `subscribe(${e.priceId === STANDARD ? 'standard' : 'premium'})`;
        if (e.type === 'checkout.changed')
          return e.state?.sessionId ? 'changed(sessionId)' : e.state?.error ? 'changed(error)' : 'changed({})';
        return e.type
          .replace(createDone, 'createDone')
          .replace(createError, 'createError')
          .replace(redirectDone, 'redirectDone')
          .replace(redirectError, 'redirectError')
          .replace(startTimeout, 'timeout');
      })
      .join(' → ');

  it('finds the happy path and the ways through each failure', () => {
    for (const path of paths) expect(path.state.value).toBe('redirected');
    const sequences = paths.map(describePath);
    const failures = [
      'createError',
      'createDone → changed(error)',
      'createDone → checkout.listenFailed',
      'createDone → timeout',
      'createDone → changed(sessionId) → redirectError',
    ];
    for (const [first, second] of [
      ['standard', 'premium'],
      ['premium', 'standard'],
    ]) {
      expect(sequences).toContain(`xstate.init → subscribe(${first}) → createDone → changed(sessionId) → redirectDone`);
      // After each kind of failure, the other plan's checkout still gets through.
      for (const failure of failures) {
        expect(sequences).toContain(
          `xstate.init → subscribe(${first}) → ${failure} → subscribe(${second}) → createDone → changed(sessionId) → redirectDone`,
        );
      }
    }
    // A dismissed failure is the very first idle again (nothing of the attempt is kept), so a
    // dismiss is on no simple path: two prices × (the happy path + a retry after each of 5 failures).
    for (const sequence of sequences) expect(sequence).not.toContain('checkout.dismiss');
    expect(paths).toHaveLength(2 * (1 + 5));
    // The current plan's button and updates without an id never change the state.
    for (const sequence of sequences) expect(sequence).not.toContain('changed({})');
    for (const path of paths) {
      expect(path.steps.some(({ event }) => (event as { current?: boolean }).current === true)).toBe(false);
    }
  });

  async function replay(path: (typeof paths)[number]) {
    const harness = createHarness();
    const [first, ...rest] = path.steps;
    expect(harness.snapshot().value).toEqual(first!.state.value);

    for (const step of rest) {
      const event = step.event as GraphEvent;
      switch (event.type) {
        case createDone:
          await harness.resolveCreate((event as { output: string }).output);
          break;
        case createError:
          await harness.rejectCreate((event as { error: unknown }).error);
          break;
        case redirectDone:
          await harness.resolveRedirect();
          break;
        case redirectError:
          await harness.rejectRedirect((event as { error: unknown }).error);
          break;
        case startTimeout:
          vi.advanceTimersByTime(CHECKOUT_START_TIMEOUT_MS);
          await flush();
          break;
        case 'checkout.changed':
          harness.report((event as { state: CheckoutSessionState }).state);
          break;
        case 'checkout.listenFailed':
          harness.listenFailed((event as { error: Error }).error);
          break;
        default:
          harness.actor.send(event as CheckoutEvent);
      }
      const snapshot = harness.snapshot();
      expect(snapshot.value, `after ${event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `after ${event.type}`).toEqual(step.state.context);
    }
    expect(harness.snapshot().value).toBe('redirected');
    return harness;
  }

  it.each(paths.map((path) => [describePath(path), path] as const))(
    'is reachable by its events: %s',
    async (_description, path) => {
      const harness = await replay(path);
      // Whatever the path, the browser left for the session last written, for the price last chosen.
      const subscribes = path.steps
        .map((step) => step.event as GraphEvent & { priceId?: string; current?: boolean })
        .filter((event) => event.type === 'checkout.subscribe' && !event.current);
      expect(harness.snapshot().context.priceId).toBe(subscribes.at(-1)!.priceId);
      expect(harness.redirects.at(-1)!.input).toEqual({ sessionId: SESSION_ID, url: CHECKOUT_URL });
      // Every watch was stopped on the way out of waiting.
      expect(harness.watches.every((watch) => watch.stopped)).toBe(true);
    },
  );
});
