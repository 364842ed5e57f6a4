import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CheckoutSessionRequest } from '../../../src/services/account-store/checkout-sessions.port.ts';
import { createLocalCheckoutSessions } from '../../../src/services/account-store/local-checkout-sessions.ts';
import { json, stubFetch } from '../support/stub-fetch.ts';

const UID = 'uid-alice';
const DOCUMENT_ID = 'Xq3vT9bLk2Pm8RzW4nYc';
const REQUEST: CheckoutSessionRequest = {
  priceId: 'price_1MqStandardMonthlyGbp',
  successUrl: 'http://localhost:3000/change-plan?checkout=success',
  cancelUrl: 'http://localhost:3000/change-plan?checkout=cancel',
};
/** A uid and an id that must be escaped to stay one path segment each. */
const ODD_UID = 'uid/with space?';
const ODD_ID = 'cs#1/2';
const OFFLINE = 'Could not reach Marquee. Check your connection and try again.';

/**
 * A hand-driven EventSource: the test opens it, delivers messages and reports errors with the
 * readyState a browser would have at that moment.
 */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState: number = FakeEventSource.CONNECTING;
  closeCalls = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  close() {
    this.closeCalls += 1;
    this.readyState = FakeEventSource.CLOSED;
  }

  // What the browser would do:
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }
  /** A `data:` line; objects are sent as JSON, as the server writes them. */
  deliver(data: unknown) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.onmessage?.(new MessageEvent('message', { data: text }));
  }
  /** A dropped stream the browser will retry (CONNECTING) or a refused one it gives up on (CLOSED). */
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

function onlySource(): FakeEventSource {
  expect(FakeEventSource.instances).toHaveLength(1);
  return FakeEventSource.instances[0]!;
}

function watch(uid = UID, id = DOCUMENT_ID) {
  const onChange = vi.fn();
  const onError = vi.fn();
  const unsubscribe = createLocalCheckoutSessions().watch(uid, id, onChange, onError);
  return { onChange, onError, unsubscribe, source: onlySource() };
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('local checkout sessions: create', () => {
  it('POSTs {price, success_url, cancel_url} as JSON under the customer and resolves the new id', async () => {
    const { seen } = stubFetch(() => json({ id: DOCUMENT_ID, session: { id: DOCUMENT_ID } }, 201));

    await expect(createLocalCheckoutSessions().create(UID, REQUEST)).resolves.toBe(DOCUMENT_ID);

    expect(seen).toEqual([
      {
        path: '/api/documents/customers/uid-alice/checkout_sessions',
        method: 'POST',
        body: { price: REQUEST.priceId, success_url: REQUEST.successUrl, cancel_url: REQUEST.cancelUrl },
        contentType: 'application/json',
      },
    ]);
  });

  it('encodes the uid so it stays one path segment', async () => {
    const { seen } = stubFetch(() => json({ id: DOCUMENT_ID }, 201));

    await createLocalCheckoutSessions().create(ODD_UID, REQUEST);

    expect(seen.map((request) => request.path)).toEqual([
      '/api/documents/customers/uid%2Fwith%20space%3F/checkout_sessions',
    ]);
  });

  it.each([
    [400, 'invalid-argument', 'The success_url must be on this site.'],
    [401, 'unauthenticated', 'Please sign in again.'],
    [403, 'permission-denied', 'You cannot reach this account.'],
  ])("rejects a %i with the server's message as an Error", async (status, code, message) => {
    stubFetch(() => json({ error: { code, message } }, status));

    const error = await createLocalCheckoutSessions()
      .create(UID, REQUEST)
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(message);
    expect((error as Error).cause).toBeDefined();
  });

  it('rejects a network failure with a clear message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    await expect(createLocalCheckoutSessions().create(UID, REQUEST)).rejects.toThrow(new Error(OFFLINE));
  });

  it('rejects a 5xx without a message with the status', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));

    await expect(createLocalCheckoutSessions().create(UID, REQUEST)).rejects.toThrow(
      new Error('The server answered 502.'),
    );
  });
});

describe('local checkout sessions: watch', () => {
  it("listens on the document's event stream under /api", () => {
    const { source } = watch();

    expect(source.url).toBe(`/api/documents/customers/uid-alice/checkout_sessions/${DOCUMENT_ID}/events`);
  });

  it('encodes the uid and the id so each stays one path segment', () => {
    const { source } = watch(ODD_UID, ODD_ID);

    expect(source.url).toBe('/api/documents/customers/uid%2Fwith%20space%3F/checkout_sessions/cs%231%2F2/events');
  });

  it('reports every document it is sent, mapped to the port state', () => {
    const { source, onChange, onError } = watch();
    source.open();

    source.deliver({ session: { id: DOCUMENT_ID, price: REQUEST.priceId, created: { seconds: 1, nanoseconds: 0 } } });
    source.deliver({
      session: {
        id: DOCUMENT_ID,
        sessionId: 'cs_test_a1B2c3D4e5F6',
        url: 'http://localhost:3000/checkout/cs_test_a1B2c3D4e5F6',
      },
    });

    expect(onChange.mock.calls).toEqual([
      [{ sessionId: undefined, url: undefined, error: undefined }],
      [
        {
          sessionId: 'cs_test_a1B2c3D4e5F6',
          url: 'http://localhost:3000/checkout/cs_test_a1B2c3D4e5F6',
          error: undefined,
        },
      ],
    ]);
    expect(onError).not.toHaveBeenCalled();
  });

  it("reports the document's error with its message", () => {
    const { source, onChange } = watch();

    source.deliver({ session: { id: DOCUMENT_ID, error: { message: 'No such price: price_x' } } });

    expect(onChange).toHaveBeenCalledWith({
      sessionId: undefined,
      url: undefined,
      error: { message: 'No such price: price_x' },
    });
  });

  it('gives an error without a message a clear one', () => {
    const { source, onChange } = watch();

    source.deliver({ session: { id: DOCUMENT_ID, error: {} } });

    expect(onChange).toHaveBeenCalledWith({
      sessionId: undefined,
      url: undefined,
      error: { message: 'The checkout could not be started.' },
    });
  });

  it.each([
    ['text that is not JSON', 'not json'],
    ['JSON without a session', { nothing: true }],
  ])('reports %s as unreadable, not as a change', (_name, data) => {
    const { source, onChange, onError } = watch();

    source.deliver(data);

    expect(onChange).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(new Error('The checkout session could not be read.'));
  });

  it('stays quiet while the browser reconnects a dropped stream (CONNECTING)', () => {
    const { source, onChange, onError } = watch();
    source.open();

    source.fail(FakeEventSource.CONNECTING);

    expect(onError).not.toHaveBeenCalled();
    expect(source.closeCalls).toBe(0);

    // …and the reconnected stream still reports.
    source.open();
    source.deliver({ session: { sessionId: 'cs_test_1' } });
    expect(onChange).toHaveBeenCalledWith({ sessionId: 'cs_test_1', url: undefined, error: undefined });
  });

  it('reports a stream the browser gave up on (CLOSED) with a clear message', () => {
    const { source, onError } = watch();

    source.fail(FakeEventSource.CLOSED);

    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(
      new Error('Could not follow the checkout session. Check your connection and try again.'),
    );
  });

  it('the returned unsubscribe closes the stream', () => {
    const { source, unsubscribe } = watch();
    source.open();
    expect(source.closeCalls).toBe(0);

    unsubscribe();

    expect(source.closeCalls).toBe(1);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens one stream per watch and does not fetch', () => {
    const { fetchMock } = stubFetch(() => json({}));

    watch();

    expect(FakeEventSource.instances).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
