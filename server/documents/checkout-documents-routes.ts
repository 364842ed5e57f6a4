import { PassThrough } from 'node:stream';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { ProductDocument, SubscriptionDocument, Timestamp } from '../../shared/billing/billing.schema.ts';
import type { CheckoutSessionDocument } from '../checkout/checkout-sessions-repository.ts';
import { siteOrigin } from '../checkout/site-origin.ts';
import { inWriteTurn } from '../db/write-turn.ts';
import { bodyProblem } from '../http/body-problems.ts';
import { answeringValidation } from '../http/error-handler.ts';
import { ErrorBody, type HttpProblem, invalidArgument, sendProblem } from '../http/problems.ts';
import { ownerGuard, UID_PATTERN } from './owner-guard.ts';

const CheckoutSession = Type.Object({
  id: Type.String(),
  price: Type.String(),
  success_url: Type.String(),
  cancel_url: Type.String(),
  created: Timestamp,
  sessionId: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('complete'), Type.Literal('expired')])),
  expires_at: Type.Optional(Timestamp),
  error: Type.Optional(Type.Object({ message: Type.String() })),
});

const UID = Type.String({ pattern: UID_PATTERN });
const CustomerParams = Type.Object({ uid: UID });
const SessionParams = Type.Object({ uid: UID, id: Type.String({ pattern: '^[A-Za-z0-9]{20}$' }) });

const REQUEST_FIELDS = ['price', 'success_url', 'cancel_url'] as const;
// Strings of any content: what a price or URL names is checked by the asynchronous step, which
// answers with the document's `error`, as the extension does. Missing, empty, non-string and
// unknown fields are refused here with 400.
const SessionRequest = Type.Object(
  {
    price: Type.String({ minLength: 1, maxLength: 255 }),
    success_url: Type.String({ minLength: 1, maxLength: 2048 }),
    cancel_url: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);

const REQUEST_BODY_LIMIT = 8 * 1024;
/** A comment line on an idle event stream, so that proxies and browsers keep it open. */
export const KEEP_ALIVE_MS = 15_000;
// setTimeout's longest delay; a session further off than this is watched by keep-alives alone.
const MAX_TIMER_MS = 2 ** 31 - 1;

const NOT_FOUND: HttpProblem = { status: 404, code: 'not-found', message: 'There is no such checkout session.' };

/** No more changes will come: the request failed, or the session was paid or has expired. */
const isFinal = (session: CheckoutSessionDocument) =>
  session.error !== undefined || session.status === 'complete' || session.status === 'expired';

/**
 * The plan and checkout documents of the Stripe extension (docs/spec.md §3, §7), under /api/documents:
 *
 * - products: public, as Firestore rules make active products;
 * - customers/{uid}/subscriptions and customers/{uid}/checkout_sessions: a customer reaches only
 *   its own (signed out 401, another uid 403, an id that is not the caller's 404).
 *
 * A checkout session request is stored as written and answered 201 at once; its asynchronous
 * step (app.checkout.processLater) then gives it a `sessionId` and `url`, or an `error`. Clients
 * wait for that by polling the document or, like a Firestore listener, on its event stream.
 */
const checkoutDocumentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { products, subscriptions, sessions, events, processLater, now } = app.checkout;

  const subscriptionsGuard = ownerGuard(app, 'subscriptions');
  const guard = ownerGuard(app, 'checkout sessions');

  // Open event streams, ended when the server closes so that it does not wait on them.
  const streams = new Set<PassThrough>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  // A customer's documents: no answer about them, error or not, is ever stored by a cache.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url?.includes('/customers/')) reply.header('cache-control', 'no-store');
    done();
  });

  app.setErrorHandler(
    answeringValidation({
      // The uid is the caller's by now, so a malformed id is as unknown as any other.
      params: NOT_FOUND,
      body: (issues) => bodyProblem(issues, { fields: REQUEST_FIELDS }),
    }),
  );

  app.get(
    '/products',
    { schema: { response: { 200: Type.Object({ products: Type.Array(ProductDocument) }) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { products: products.listActive() };
    },
  );

  app.get(
    '/customers/:uid/subscriptions',
    {
      ...subscriptionsGuard,
      schema: {
        params: CustomerParams,
        response: { 200: Type.Object({ subscriptions: Type.Array(SubscriptionDocument) }), '4xx': ErrorBody },
      },
    },
    async (request) => ({
      // Reading a subscription settles it first (renewals, a lapse), in the write path.
      subscriptions: await subscriptions.list(request.params.uid),
    }),
  );

  app.post(
    '/customers/:uid/checkout_sessions',
    {
      ...guard,
      bodyLimit: REQUEST_BODY_LIMIT,
      schema: {
        params: CustomerParams,
        body: SessionRequest,
        response: { 201: Type.Object({ id: Type.String(), session: CheckoutSession }), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const origin = siteOrigin(request.headers);
      if (!origin) {
        return sendProblem(reply, invalidArgument('The request names no site: send an Origin or Host header.'));
      }
      const { price, success_url, cancel_url } = request.body;
      const session = await inWriteTurn(app.db, () =>
        sessions.create(request.params.uid, { price, success_url, cancel_url }, origin),
      );
      // Like the extension's function, the step runs after the write, not in this request.
      processLater(request.params.uid, session.id);
      return reply.code(201).send({ id: session.id, session });
    },
  );

  app.get(
    '/customers/:uid/checkout_sessions/:id',
    {
      ...guard,
      schema: { params: SessionParams, response: { 200: Type.Object({ session: CheckoutSession }), '4xx': ErrorBody } },
    },
    async (request, reply) => {
      const session = sessions.get(request.params.uid, request.params.id);
      if (!session) return sendProblem(reply, NOT_FOUND);
      return { session };
    },
  );

  /**
   * Server-Sent Events: `data: {"session": …}` with the document at once, then again on every
   * change, and a `: keep-alive` comment every 15 s. The stream ends by itself once no more
   * changes can come — the request failed (`error`), or the session is complete or expired — so
   * a client that waits for the `sessionId` closes it once it has one (EventSource would
   * otherwise reconnect and be answered again). Listeners and timers go when the client does.
   */
  app.get(
    '/customers/:uid/checkout_sessions/:id/events',
    {
      ...guard,
      schema: {
        params: SessionParams,
        // A stream: Fastify pipes it as it is, never serialising it.
        response: {
          200: Type.Unsafe<PassThrough>(Type.String({ description: 'text/event-stream' })),
          '4xx': ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { uid, id } = request.params;
      const first = sessions.get(uid, id);
      if (!first) return sendProblem(reply, NOT_FOUND);

      const stream = new PassThrough();
      let last = '';
      let expiryTimer: NodeJS.Timeout | undefined;
      const send = () => {
        if (stream.writableEnded) return;
        const session = sessions.get(uid, id);
        if (!session) return stream.end();
        const data = JSON.stringify({ session });
        if (data !== last) {
          last = data;
          stream.write(`data: ${data}\n\n`);
        }
        if (isFinal(session)) return stream.end();
        // An open session's expiry is a change no write announces: look again when it is due.
        if (session.expires_at && !expiryTimer) {
          const due = session.expires_at.seconds * 1000 + 1000 - now();
          expiryTimer = setTimeout(send, Math.min(Math.max(due, 0), MAX_TIMER_MS));
        }
      };
      const unsubscribe = events.subscribe(uid, id, send);
      const keepAlive = setInterval(() => {
        if (!stream.writableEnded) stream.write(': keep-alive\n\n');
      }, KEEP_ALIVE_MS);
      streams.add(stream);
      stream.on('close', () => {
        unsubscribe();
        clearInterval(keepAlive);
        clearTimeout(expiryTimer);
        streams.delete(stream);
      });

      send();
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        // Tells a buffering reverse proxy (nginx) to pass events on as they come.
        .header('x-accel-buffering', 'no');
      return reply.send(stream);
    },
  );
};

export default checkoutDocumentsRoutes;
