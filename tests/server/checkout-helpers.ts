import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

import { SESSION_COOKIE } from '../../server/accounts/session-plugin.ts';
import { createTestApp } from './test-app.ts';

export { SESSION_COOKIE };

/** The seeded plans (server/checkout/products-seed.ts). */
export const PLANS = {
  basic: { product: 'prod_MqBasicPlan01', price: 'price_1MqBasicMonthlyGbp', name: 'Basic', amount: 499 },
  standard: { product: 'prod_MqStandardPlan01', price: 'price_1MqStandardMonthlyGbp', name: 'Standard', amount: 699 },
  premium: { product: 'prod_MqPremiumPlan01', price: 'price_1MqPremiumMonthlyGbp', name: 'Premium', amount: 1099 },
  retired: {
    product: 'prod_MqStandardAds01',
    price: 'price_1MqStandardAdsGbp',
    name: 'Standard with adverts (retired)',
    amount: 299,
  },
} as const;

/** Apps built by createTestApp are reached at this origin (light-my-request's Host is localhost:80). */
export const SITE = 'http://localhost';

export interface Timestamp {
  seconds: number;
  nanoseconds: number;
}

export interface SessionDocument {
  id: string;
  price: string;
  success_url: string;
  cancel_url: string;
  created: Timestamp;
  sessionId?: string;
  url?: string;
  status?: 'open' | 'complete' | 'expired';
  expires_at?: Timestamp;
  error?: { message: string };
}

export interface Subscription {
  id: string;
  role: string;
  status: string;
  price: string;
  product: string;
  quantity: number;
  cancel_at_period_end: boolean;
  created: Timestamp;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
}

export interface Customer {
  uid: string;
  email: string;
  token: string;
}

/** A clock the test moves by hand; apps built with `now: clock.now` read it. */
export function testClock(start = Date.UTC(2025, 0, 31, 12, 0, 0)) {
  let at = start;
  return {
    now: () => at,
    set: (ms: number) => {
      at = ms;
    },
    advance: (ms: number) => {
      at += ms;
    },
  };
}

export interface SignedUp extends Customer {
  /** The sign-up answer's user, as the app sees it (`operator` on the first account). */
  user: { uid: string; email: string; operator?: true };
  /** The session cookie, ready for `app.inject({ cookies })`. */
  cookies: Record<string, string>;
}

export async function signUp(app: FastifyInstance, email: string): Promise<SignedUp> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password: 'secret-password' },
  });
  expect(response.statusCode).toBe(201);
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  expect(token).toBeTruthy();
  const user = (response.json() as { user: SignedUp['user'] }).user;
  return { uid: user.uid, email, token: token!, user, cookies: { [SESSION_COOKIE]: token! } };
}

export const defaultRequest = (price: string = PLANS.standard.price) => ({
  price,
  success_url: `${SITE}/account`,
  cancel_url: `${SITE}/change-plan`,
});

/**
 * The checkout calls, made as `customer` (or signed out with `null`); `uid` defaults to the
 * customer's own and can be pointed at somebody else's.
 */
export function checkoutClient(app: FastifyInstance, customer: Customer | null, uid = customer?.uid ?? 'A'.repeat(28)) {
  const cookies = customer ? { [SESSION_COOKIE]: customer.token } : undefined;
  const request = (options: InjectOptions) => app.inject({ ...options, cookies });
  const base = `/api/documents/customers/${uid}`;
  return {
    products: () => request({ method: 'GET', url: '/api/documents/products' }),
    subscriptions: () => request({ method: 'GET', url: `${base}/subscriptions` }),
    create: (payload: unknown = defaultRequest(), headers: Record<string, string> = {}) =>
      request({
        method: 'POST',
        url: `${base}/checkout_sessions`,
        payload: payload as InjectOptions['payload'],
        headers,
      }),
    get: (id: string) => request({ method: 'GET', url: `${base}/checkout_sessions/${id}` }),
    events: (id: string, signal?: AbortSignal) =>
      request({ method: 'GET', url: `${base}/checkout_sessions/${id}/events`, signal }),
    page: (sessionId: string) =>
      request({ method: 'GET', url: `/checkout/${sessionId}`, headers: { accept: 'text/html' } }),
    pay: (sessionId: string, card: unknown = GOOD_CARD) =>
      request({ method: 'POST', url: `/checkout/${sessionId}/pay`, payload: card as InjectOptions['payload'] }),
  };
}

export const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ann Example' };

/** Lets scheduled work (setImmediate) run. */
export const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Polls the document until its asynchronous step has run, as a client would. */
export async function waitForSession(app: FastifyInstance, customer: Customer, id: string): Promise<SessionDocument> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await checkoutClient(app, customer).get(id);
    expect(response.statusCode).toBe(200);
    const { session } = response.json() as { session: SessionDocument };
    if (session.sessionId || session.error) return session;
    await tick();
  }
  throw new Error(`checkout session ${id} was never processed`);
}

/** Creates a checkout session request and waits for it to be processed. */
export async function createSession(
  app: FastifyInstance,
  customer: Customer,
  payload: unknown = defaultRequest(),
  headers: Record<string, string> = {},
): Promise<SessionDocument> {
  const response = await checkoutClient(app, customer).create(payload, headers);
  expect(response.statusCode).toBe(201);
  return waitForSession(app, customer, (response.json() as { id: string }).id);
}

/** An open session's id, ready to pay. */
export async function openSession(app: FastifyInstance, customer: Customer, price: string = PLANS.standard.price) {
  const session = await createSession(app, customer, defaultRequest(price));
  expect(session.error).toBeUndefined();
  return session as SessionDocument & { sessionId: string; url: string };
}

export async function subscriptionsOf(app: FastifyInstance, customer: Customer): Promise<Subscription[]> {
  const response = await checkoutClient(app, customer).subscriptions();
  expect(response.statusCode).toBe(200);
  return (response.json() as { subscriptions: Subscription[] }).subscriptions;
}

/** The `data:` payloads of a Server-Sent Events body, in order. */
export function sseEvents(body: string): Array<{ session: SessionDocument }> {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as { session: SessionDocument });
}

export function expectError(response: LightMyRequestResponse, status: number, code: string, message?: string | RegExp) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const { error } = response.json() as { error: { code: string; message: string } };
  expect(error.code).toBe(code);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
}

/**
 * A fresh app with a hand-moved clock, and one signed-up customer. To restart, pass the first
 * app's `dataDir` and its customer (whose session cookie still works).
 */
export async function checkoutApp(options: { start?: number; dataDir?: string; customer?: Customer } = {}) {
  const clock = testClock(options.start);
  const { app, dataDir } = await createTestApp({ now: clock.now, dataDir: options.dataDir });
  const ann = options.customer ?? (await signUp(app, 'ann@example.com'));
  return { app, dataDir, clock, ann, as: checkoutClient(app, ann) };
}

/** Makes `customer` a member on `plan`, paid with the test card, and asks for their grant for a title. */
export async function grantFor(
  app: FastifyInstance,
  customer: Customer,
  title: { media_type: 'movie' | 'tv'; id: number },
  plan: keyof typeof PLANS = 'standard',
) {
  const session = await openSession(app, customer, PLANS[plan].price);
  expect((await checkoutClient(app, customer).pay(session.sessionId)).statusCode).toBe(200);
  const answer = await app.inject({
    method: 'POST',
    url: '/api/playback/grants',
    cookies: { [SESSION_COOKIE]: customer.token },
    payload: title,
  });
  expect(answer.statusCode).toBe(201);
  const grant = answer.json() as { master: string; thumbnails: string; lease: { id: string } };
  return { grant, base: grant.master.replace(/master\.m3u8$/, '') };
}

/** A member on `plan`, paid with the test card, and the grant they are given for a film (550 in the test catalogue). */
export async function memberGrant(plan: keyof typeof PLANS = 'standard') {
  const context = await checkoutApp();
  return { ...context, ...(await grantFor(context.app, context.ann, { media_type: 'movie', id: 550 }, plan)) };
}
