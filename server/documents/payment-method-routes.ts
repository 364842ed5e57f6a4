import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { checkCard, isCardProblem } from '../../shared/billing/card-checks.js';
import { CardOnFileDocument, PaymentMethodUpdate } from '../../shared/billing/payment-method.schema.ts';
import { AUTHENTICATION_FAILURE, testCardOutcome } from '../checkout/test-cards.ts';
import { bodyProblem } from '../http/body-problems.ts';
import { answeringValidation } from '../http/error-handler.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody, type HttpProblem, sendProblem } from '../http/problems.ts';
import { ownerGuard, UID_PATTERN } from './owner-guard.ts';

const CustomerParams = Type.Object({ uid: Type.String({ pattern: UID_PATTERN }) });
const NO_MEMBERSHIP: HttpProblem = {
  status: 409,
  code: 'no-subscription',
  message: 'There is no membership to pay for, so there is no card to update. Choose a plan first.',
};

/**
 * The card on file (docs/account.md), under /api/documents:
 *
 * - GET customers/{uid}/payment_method: 200 `{ card }` (brand and last 4, or null);
 * - PUT customers/{uid}/payment_method `{ number, expiry, cvc, name }`: the card renewals charge
 *   from now on, checked by the checkout's own rules (shared/billing/card-checks.js) and test
 *   cards (a decline is 402 with Stripe's code, as at checkout). Only brand and last 4 are kept.
 *
 * Guarded like the other customer documents (401, 403).
 */
const paymentMethodRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { subscriptions, now } = app.checkout;
  const guard = ownerGuard(app, 'billing');
  app.addHook('onRequest', noStore);
  app.setErrorHandler(
    answeringValidation({
      body: (issues) => bodyProblem(issues, { fields: Object.keys(PaymentMethodUpdate.properties) }),
    }),
  );
  const reply200 = { 200: Type.Object({ card: CardOnFileDocument }), '4xx': ErrorBody };

  app.get(
    '/customers/:uid/payment_method',
    { ...guard, schema: { params: CustomerParams, response: reply200 } },
    async (request) => {
      await subscriptions.bringUpToDate(request.params.uid);
      return { card: subscriptions.cardOnFile(request.params.uid) };
    },
  );

  app.put(
    '/customers/:uid/payment_method',
    { ...guard, bodyLimit: 1024, schema: { params: CustomerParams, body: PaymentMethodUpdate, response: reply200 } },
    async (request, reply) => {
      const { uid } = request.params;
      const checked = checkCard(request.body, now());
      if (isCardProblem(checked)) return sendProblem(reply, checked);
      const outcome = testCardOutcome(checked);
      // A card that asks for authentication is refused here: this form has no authentication step.
      if (outcome === 'authenticate') return sendProblem(reply, AUTHENTICATION_FAILURE);
      if (outcome) return sendProblem(reply, outcome);
      await subscriptions.bringUpToDate(uid);
      const card = { brand: checked.brand, last4: checked.last4 };
      if (!(await subscriptions.setCardOnFile(uid, card))) return sendProblem(reply, NO_MEMBERSHIP);
      return { card };
    },
  );
};

export default paymentMethodRoutes;
