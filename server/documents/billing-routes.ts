import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { type TObject, Type } from 'typebox';

import {
  InvoiceDocument,
  PLAN_CHANGED_MESSAGE,
  ScheduledChangeRequest,
  SubscriptionDocument,
  SubscriptionUpdate,
} from '../../shared/billing/billing.schema.ts';
import { SUBSCRIPTION_ID_PATTERN } from '../checkout/random-ids.ts';
import type { Subscription, SubscriptionProblem } from '../checkout/subscriptions-repository.ts';
import { bodyProblem } from '../http/body-problems.ts';
import { answeringValidation } from '../http/error-handler.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody, type HttpProblem, sendProblem } from '../http/problems.ts';
import { ownerGuard, UID_PATTERN } from './owner-guard.ts';

const UID = Type.String({ pattern: UID_PATTERN });
const CustomerParams = Type.Object({ uid: UID });
const SubscriptionParams = Type.Object({ uid: UID, id: Type.String({ pattern: SUBSCRIPTION_ID_PATTERN }) });
const BODY_LIMIT = 1024;

const PROBLEMS: Record<SubscriptionProblem, HttpProblem> = {
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
  'plan-changed': {
    status: 409,
    code: 'plan-changed',
    message: PLAN_CHANGED_MESSAGE,
  },
};

const answer = (reply: FastifyReply, result: Subscription | SubscriptionProblem) =>
  typeof result === 'string' ? sendProblem(reply, PROBLEMS[result]) : reply.send({ subscription: result });

/**
 * Managing a subscription, under /api/documents (docs/decisions.md, Billing), as the Stripe
 * customer portal does in hosted mode:
 *
 * - PATCH customers/{uid}/subscriptions/{id} `{ cancel_at_period_end }`: end at the period's
 *   end (true), or renew again (false: Restart Membership);
 * - POST customers/{uid}/subscriptions/{id}/scheduled_change `{ price, current_price }`: a
 *   cheaper plan from the next renewal (the current plan's price drops a scheduled one); an
 *   upgrade is paid for at checkout instead (409); asked against a plan the subscription has
 *   since left, it is refused (409 plan-changed);
 * - GET customers/{uid}/invoices: every charge, newest first.
 *
 * A customer reaches only their own (signed out 401, another uid 403, an unknown id 404).
 */
const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { subscriptions } = app.checkout;

  const guard = ownerGuard(app, 'billing');

  // Personal documents: no answer from here, error or not, is ever stored by a cache.
  app.addHook('onRequest', noStore);

  app.setErrorHandler(answeringValidation({ params: PROBLEMS['not-found'] }));

  const subscriptionReply = { 200: Type.Object({ subscription: SubscriptionDocument }), '4xx': ErrorBody };
  /**
   * A change to one subscription: guarded, a small body of this schema, answered with the
   * subscription; a body the schema refuses is answered in the words of its own fields.
   */
  const changeRoute = <Body extends TObject>(body: Body) => ({
    ...guard,
    bodyLimit: BODY_LIMIT,
    errorHandler: answeringValidation({
      params: PROBLEMS['not-found'],
      body: (issues) =>
        bodyProblem(issues, { fields: Object.keys(body.properties), kinds: { cancel_at_period_end: 'true or false' } }),
    }),
    schema: { params: SubscriptionParams, body, response: subscriptionReply },
  });

  app.patch('/customers/:uid/subscriptions/:id', changeRoute(SubscriptionUpdate), async (request, reply) => {
    const { uid, id } = request.params;
    const cancel = request.body.cancel_at_period_end;
    return answer(reply, await subscriptions.setCancelAtPeriodEnd(uid, id, cancel));
  });

  app.post(
    '/customers/:uid/subscriptions/:id/scheduled_change',
    changeRoute(ScheduledChangeRequest),
    async (request, reply) => {
      const { uid, id } = request.params;
      const { price, current_price } = request.body;
      return answer(reply, await subscriptions.scheduleChange(uid, id, price, current_price));
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
    // Reading the invoices settles the subscription first (renewals, a lapse): a write.
    async (request) => ({ invoices: await subscriptions.invoices(request.params.uid) }),
  );
};

export default billingRoutes;
