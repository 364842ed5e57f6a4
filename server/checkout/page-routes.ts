import { fileURLToPath } from 'node:url';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

import { checkCard, isCardProblem } from '../../shared/billing/card-checks.js';
import { inWriteTurn } from '../db/write-turn.ts';
import { bodyProblem } from '../http/body-problems.ts';
import { answeringValidation } from '../http/error-handler.ts';
import type { PageAssets } from '../http/html-page.ts';
import { noStore } from '../http/no-store.ts';
import { loadPageAssets, type PageAssetFiles, pageAssetRoute } from '../http/page-assets.ts';
import { ErrorBody, type HttpProblem, sendProblem } from '../http/problems.ts';
import { usePagePolicy } from '../http/security-headers.ts';
import type { PaymentProblem } from './checkout-sessions-repository.ts';
import type { HostedSession } from './checkout-sessions-repository.ts';
import { renderCheckoutPage, renderNoticePage } from './hosted-page.ts';
import { formatPrice } from './products-repository.ts';
import { AUTHENTICATION_TOKEN_PATTERN, CHECKOUT_SESSION_ID_PATTERN } from './random-ids.ts';
import { AUTHENTICATION_FAILURE, testCardOutcome } from './test-cards.ts';
import { addCalendarMonth } from './timestamps.ts';

const ASSETS_DIR = fileURLToPath(new URL('./page/', import.meta.url));
// The page's script imports the server's own card checks, served as they are (one definition).
const SHARED_DIR = fileURLToPath(new URL('../../shared/billing/', import.meta.url));
const HTML = 'text/html; charset=utf-8';
const SESSION_ID = new RegExp(CHECKOUT_SESSION_ID_PATTERN);

export interface CheckoutPageRoutesOptions {
  /** The shop's name on the page. */
  brand?: string;
}

const PAY_FIELDS = ['number', 'expiry', 'cvc', 'name'] as const;
// Every field is optional and generously long here, so that a missing or over-long one gets the
// card checks' own message and `param` (shared/billing/card-checks.js). Unknown fields are refused.
const PayBody = Type.Object(
  {
    number: Type.Optional(Type.String({ maxLength: 64 })),
    expiry: Type.Optional(Type.String({ maxLength: 32 })),
    cvc: Type.Optional(Type.String({ maxLength: 16 })),
    name: Type.Optional(Type.String({ maxLength: 400 })),
  },
  { additionalProperties: false },
);
const PAY_BODY_LIMIT = 4 * 1024;

const AUTHENTICATE_FIELDS = ['token', 'outcome'] as const;
/** The authentication step's answer: the token `pay` gave, and the button pressed. */
const AuthenticateBody = Type.Object(
  {
    token: Type.String({ pattern: AUTHENTICATION_TOKEN_PATTERN }),
    outcome: Type.Union([Type.Literal('complete'), Type.Literal('fail')]),
  },
  { additionalProperties: false },
);

/** A payment's success: where the browser goes next, or — for a card that asks — the authentication step. */
const PayReply = Type.Union([
  Type.Object({ redirect: Type.String() }),
  Type.Object({ authenticate: Type.Object({ url: Type.String(), token: Type.String() }) }),
]);

const NOT_FOUND: HttpProblem = { status: 404, code: 'not-found', message: 'There is no such checkout session.' };
const COMPLETE: HttpProblem = {
  status: 409,
  code: 'session-complete',
  message: 'This checkout session is already complete.',
};
const EXPIRED: HttpProblem = {
  status: 410,
  code: 'session-expired',
  message: 'This checkout session has expired. Go back and choose your plan again.',
};
const SAME_PLAN: HttpProblem = {
  status: 409,
  code: 'same-plan',
  message: 'You already subscribe to this plan: there is nothing to pay.',
};
const DOWNGRADE: HttpProblem = {
  status: 409,
  code: 'downgrade-at-renewal',
  message: 'A cheaper plan starts at your next renewal, with nothing to pay: choose it on the Change Plan page.',
};
const NOT_PENDING: HttpProblem = {
  status: 409,
  code: 'authentication-not-pending',
  message: 'No payment on this checkout session is waiting for authentication. Please pay again.',
};

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The hosted checkout, registered under /checkout: the page at /checkout/{sessionId}, its two
 * assets under /checkout/assets, and the pay endpoint the page posts to. It stands in for
 * Stripe Checkout in test mode: Stripe's test cards succeed or decline, and a payment writes the
 * customer's subscription and sends the browser to the session's success_url.
 *
 * The page needs the customer's session cookie: a signed-out visitor is asked to sign in, and a
 * session that is not the signed-in customer's is "not found", as an unknown one is.
 */
const checkoutPageRoutes: FastifyPluginAsyncTypebox<CheckoutPageRoutesOptions> = async (app, { brand = 'Marquee' }) => {
  const { sessions, subscriptions, products, events, now } = app.checkout;
  const assets: PageAssetFiles = new Map([
    ...loadPageAssets(ASSETS_DIR, ['checkout.css', 'checkout.js'], '/checkout/assets'),
    ...loadPageAssets(SHARED_DIR, ['card-checks.js'], '/checkout/assets'),
  ]);
  const urls: PageAssets = {
    css: assets.get('checkout.css')!.url,
    js: assets.get('checkout.js')!.url,
    // checkout.js imports it as ./card-checks.js: that unversioned URL revalidates (ETag).
    modules: [assets.get('card-checks.js')!.url.split('?')[0]!],
  };

  // Its own script, stylesheet and API only, never inline, never framed (security-headers.ts).
  await usePagePolicy(app, 'checkout');

  const sendPage = (reply: FastifyReply, status: number, html: string) => reply.code(status).type(HTML).send(html);

  const notice = (title: string, message: string, link: { href: string; text: string }) =>
    renderNoticePage({ brand, assets: urls, title, message, link });
  const notFoundPage = notice(
    'Checkout session not found',
    'This checkout link is not valid for your account. It may have been mistyped, or it belongs to someone else.',
    { href: '/', text: `Back to ${brand}` },
  );

  // Nothing here is for a cache but the assets, whose route says so itself.
  app.addHook('onRequest', noStore);

  /** A route's own answers to its schema's refusals: its body's fields name what a request takes. */
  const answering = (fields: readonly string[]) =>
    answeringValidation({ params: NOT_FOUND, body: (issues) => bodyProblem(issues, { fields }) });
  app.setErrorHandler(answeringValidation({ params: NOT_FOUND }));

  app.setNotFoundHandler((request, reply) =>
    request.method === 'GET' || request.method === 'HEAD'
      ? sendPage(reply, 404, notFoundPage)
      : sendProblem(reply, {
          status: 404,
          code: 'not-found',
          message: `No route for ${request.method} ${request.url.split('?')[0]}`,
        }),
  );

  pageAssetRoute(app, assets, 'checkout');

  /** The page for a session that can no longer be paid, or null when it can. */
  function closedPage(session: HostedSession): { status: number; html: string } | null {
    const back = { href: session.cancel_url, text: `Back to ${brand}` };
    if (session.status === 'complete') {
      const plan = session.plan ? `your ${session.plan.product.name} plan` : 'your plan';
      return {
        status: 409,
        html: notice(
          'This checkout session is already complete',
          `It has been paid and ${plan} is active. There is nothing more to pay here.`,
          back,
        ),
      };
    }
    if (session.status === 'expired' && session.supersededByPayment) {
      return {
        status: 410,
        html: notice(
          'This checkout session has expired',
          'You have paid for another checkout since this one was opened, so this one can no longer be paid. Nothing was charged here.',
          back,
        ),
      };
    }
    if (session.status === 'expired') {
      return {
        status: 410,
        html: notice(
          'This checkout session has expired',
          'Checkout sessions can be paid for 30 minutes. Nothing was charged: go back and choose your plan again to start a new one.',
          back,
        ),
      };
    }
    return null;
  }

  app.get(
    '/:sessionId',
    {
      schema: {
        params: Type.Object({ sessionId: Type.String() }),
        response: {
          200: Type.String({ description: 'the checkout page' }),
          '4xx': Type.String({ description: 'a notice page' }),
        },
      },
    },
    async (request, reply) => {
      const account = request.account();
      if (!account) {
        return sendPage(
          reply,
          401,
          notice('Sign in to continue', `Please sign in to ${brand} first, then choose your plan again.`, {
            href: '/',
            text: `Sign in to ${brand}`,
          }),
        );
      }
      const { sessionId } = request.params;
      const session = SESSION_ID.test(sessionId) ? sessions.findHosted(account.uid, sessionId) : null;
      if (!session || !session.plan) return sendPage(reply, 404, notFoundPage);
      const closed = closedPage(session);
      if (closed) return sendPage(reply, closed.status, closed.html);

      const { price, product } = session.plan;
      // Quoting settles the subscription first (renewals due, a lapse), in the write path: loading
      // this page never charges twice.
      const change = await inWriteTurn(app.db, () => subscriptions.quote(account.uid, session.plan!, now()));
      if (change.kind === 'same' || change.kind === 'downgrade') {
        // A downgrade is named as one: it is made at the renewal, not paid for here.
        const [title, problem] =
          change.kind === 'same' ? ['Nothing to pay here', SAME_PLAN] : [`Downgrade to ${product.name}`, DOWNGRADE];
        return sendPage(
          reply,
          409,
          notice(title, problem.message, { href: session.cancel_url, text: `Back to ${brand}` }),
        );
      }
      const current = change.kind === 'upgrade' ? (await subscriptions.list(account.uid))[0] : undefined;
      const html = renderCheckoutPage({
        brand,
        assets: urls,
        planName: product.name,
        planDescription: product.description,
        priceText: formatPrice(price),
        amountText: formatPrice({ ...price, unit_amount: change.amountToday, type: 'one_time' }),
        renewsOn: LONG_DATE.format(change.kind === 'upgrade' ? change.renewsAt * 1000 : addCalendarMonth(now())),
        upgradeFrom: current ? (products.findPrice(current.price)?.product.name ?? current.role) : undefined,
        email: account.email,
        payUrl: `/checkout/${session.sessionId}/pay`,
        cancelUrl: session.cancel_url,
      });
      return sendPage(reply, 200, html);
    },
  );

  /**
   * Pays the session with a card: `{ number, expiry: "MM / YY", cvc, name }`. Checks run in
   * this order, and nothing changes unless all pass: the session is the caller's (404), still
   * open (409 complete, 410 expired), the card as typed (400, with `param`), the test card's
   * outcome (402), then one transaction re-checks the session and writes the subscription.
   */
  app.post(
    '/:sessionId/pay',
    {
      preValidation: [app.requireAccount],
      bodyLimit: PAY_BODY_LIMIT,
      errorHandler: answering(PAY_FIELDS),
      schema: {
        params: Type.Object({ sessionId: Type.String({ pattern: CHECKOUT_SESSION_ID_PATTERN }) }),
        body: PayBody,
        response: { 200: PayReply, '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const account = request.account()!;
      const { sessionId } = request.params;
      const session = sessions.findHosted(account.uid, sessionId);
      if (!session) return sendProblem(reply, NOT_FOUND);
      if (session.status === 'complete') return sendProblem(reply, COMPLETE);
      if (session.status === 'expired') return sendProblem(reply, EXPIRED);

      const card = checkCard(request.body, now());
      if (isCardProblem(card)) return sendProblem(reply, card);
      const outcome = testCardOutcome(card);
      if (outcome === 'authenticate') {
        const held = await inWriteTurn(app.db, () =>
          sessions.startAuthentication(account.uid, sessionId, { brand: card.brand, last4: card.last4 }),
        );
        if (!held.ok) return sendPaymentProblem(reply, held.problem);
        return reply.send({ authenticate: { url: `/checkout/${sessionId}/authenticate`, token: held.token } });
      }
      if (outcome) return sendProblem(reply, outcome);

      const result = await inWriteTurn(app.db, () =>
        sessions.pay(account.uid, sessionId, { brand: card.brand, last4: card.last4 }),
      );
      if (!result.ok) return sendPaymentProblem(reply, result.problem);
      for (const id of [session.id, ...result.expired]) events.publish(account.uid, id);
      return reply.send({ redirect: result.redirect });
    },
  );

  /**
   * The authentication step of a card that asks for it (like Stripe's test-mode 3D Secure page):
   * `{ token, outcome: "complete" | "fail" }`, with the token `pay` answered. Each token is used
   * once and only by its session's customer: completing charges and writes the subscription as
   * `pay` does; failing answers 402 payment_intent_authentication_failure and changes nothing
   * but the held payment, which is dropped. A used or replaced token answers 409.
   */
  app.post(
    '/:sessionId/authenticate',
    {
      preValidation: [app.requireAccount],
      bodyLimit: PAY_BODY_LIMIT,
      errorHandler: answering(AUTHENTICATE_FIELDS),
      schema: {
        params: Type.Object({ sessionId: Type.String({ pattern: CHECKOUT_SESSION_ID_PATTERN }) }),
        body: AuthenticateBody,
        response: { 200: Type.Object({ redirect: Type.String() }), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const account = request.account()!;
      const { sessionId } = request.params;
      const { token, outcome } = request.body;
      const result = await inWriteTurn(app.db, () => sessions.authenticate(account.uid, sessionId, token, outcome));
      if (!result.ok) {
        if (result.problem === 'failed') return sendProblem(reply, AUTHENTICATION_FAILURE);
        if (result.problem === 'not-pending') return sendProblem(reply, NOT_PENDING);
        return sendPaymentProblem(reply, result.problem);
      }
      const session = sessions.findHosted(account.uid, sessionId);
      for (const id of [...(session ? [session.id] : []), ...result.expired]) events.publish(account.uid, id);
      return reply.send({ redirect: result.redirect });
    },
  );
};

function sendPaymentProblem(reply: FastifyReply, problem: PaymentProblem) {
  switch (problem) {
    case 'complete':
      return sendProblem(reply, COMPLETE);
    case 'expired':
      return sendProblem(reply, EXPIRED);
    case 'same-plan':
      return sendProblem(reply, SAME_PLAN);
    case 'downgrade':
      return sendProblem(reply, DOWNGRADE);
    default:
      return sendProblem(reply, NOT_FOUND);
  }
}

export default checkoutPageRoutes;
