import { type FastifyPluginAsyncTypebox, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import {
  InvoiceDocument,
  ScheduledChangeRequest,
  SubscriptionDocument,
  SubscriptionUpdate,
} from '../../shared/billing/billing.schema.ts';
import { ErrorBody } from '../http/error-body.ts';
import { errorHandler } from '../http/error-handler.ts';
import { bodyProblem } from './body-problems.ts';
import { SUBSCRIPTION_ID_PATTERN } from './random-ids.ts';
import type { Subscription, SubscriptionProblem } from './subscriptions-repository.ts';

const UID = Type.String({ pattern: '^[A-Za-z0-9]{28}$' });
const CustomerParams = Type.Object({ uid: UID });
const SubscriptionParams = Type.Object({ uid: UID, id: Type.String({ pattern: SUBSCRIPTION_ID_PATTERN }) });
const BODY_LIMIT = 1024;

const PROBLEMS: Record<SubscriptionProblem, { status: number; code: string; message: string }> = {
  'not-found': { status: 404, code: 'not-found', message: 'There is no such subscription.' },
  ended: {
    status: 409,
    code: 'subscription-ended',
    message: 'This subscription has ended: choose a plan to subscribe again.',
  },
  'no-plan': { status: 400, code: 'invalid-argument', message: 'That price is not a plan on offer.' },
  'upgrade-needs-payment': {
    status: 409,
    code: 'upgrade-needs-payment',
    message: 'A dearer plan starts at once and is paid for at checkout: subscribe to it instead.',
  },
};

const sendProblem = (reply: FastifyReply, status: number, error: { code: string; message: string }) =>
  reply.code(status).header('cache-control', 'no-store').send({ error });

const answer = (reply: FastifyReply, result: Subscription | SubscriptionProblem) => {
  if (typeof result === 'string') {
    const { status, ...error } = PROBLEMS[result];
    return sendProblem(reply, status, error);
  }
  return reply.header('cache-control', 'no-store').send({ subscription: result });
};

/**
 * Managing a subscription, under /api/documents (docs/decisions.md, Billing), as the Stripe
 * customer portal does in hosted mode:
 *
 * - PATCH customers/{uid}/subscriptions/{id} `{ cancel_at_period_end }`: end at the period's
 *   end (true), or renew again (false: Restart Membership);
 * - POST customers/{uid}/subscriptions/{id}/scheduled_change `{ price }`: a cheaper plan from
 *   the next renewal (the current plan's price drops a scheduled one); an upgrade is paid for at
 *   checkout instead (409);
 * - GET customers/{uid}/invoices: every charge, newest first.
 *
 * A customer reaches only their own (signed out 401, another uid 403, an unknown id 404).
 */
const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { subscriptions } = app.checkout;
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  const requireOwnUid = async (request: FastifyRequest, reply: FastifyReply) => {
    const { uid } = request.params as { uid?: unknown };
    if (uid !== request.account()?.uid) {
      await sendProblem(reply, 403, { code: 'permission-denied', message: 'You can only reach your own billing.' });
    }
  };
  const guard = { preValidation: [app.requireAccount, requireOwnUid] };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      if (error.validationContext === 'params') {
        return sendProblem(reply, 404, { code: 'not-found', message: PROBLEMS['not-found'].message });
      }
      if (error.validationContext === 'body') {
        const fields = request.url.split('?')[0]!.endsWith('/scheduled_change') ? ['price'] : ['cancel_at_period_end'];
        const { message } = bodyProblem(error.validation, fields, { cancel_at_period_end: 'true or false' });
        return sendProblem(reply, 400, { code: 'invalid-argument', message });
      }
    }
    return errorHandler(error, request, reply);
  });

  const subscriptionReply = { 200: Type.Object({ subscription: SubscriptionDocument }), '4xx': ErrorBody };

  app.patch(
    '/customers/:uid/subscriptions/:id',
    {
      ...guard,
      bodyLimit: BODY_LIMIT,
      schema: { params: SubscriptionParams, body: SubscriptionUpdate, response: subscriptionReply },
    },
    async (request, reply) => {
      const { uid, id } = request.params;
      return answer(reply, subscriptions.setCancelAtPeriodEnd(uid, id, request.body.cancel_at_period_end));
    },
  );

  app.post(
    '/customers/:uid/subscriptions/:id/scheduled_change',
    {
      ...guard,
      bodyLimit: BODY_LIMIT,
      schema: { params: SubscriptionParams, body: ScheduledChangeRequest, response: subscriptionReply },
    },
    async (request, reply) => {
      const { uid, id } = request.params;
      return answer(reply, subscriptions.scheduleChange(uid, id, request.body.price));
    },
  );

  app.get(
    '/customers/:uid/invoices',
    {
      ...guard,
      schema: {
        params: CustomerParams,
        response: { 200: Type.Object({ invoices: Type.Array(InvoiceDocument) }), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { invoices: subscriptions.invoices(request.params.uid) };
    },
  );
};

export default billingRoutes;
