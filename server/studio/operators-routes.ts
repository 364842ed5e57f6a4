import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { normaliseEmail } from '../../shared/auth/credentials.ts';
import { GrantBody, OperatorList } from '../../shared/studio/studio.schema.ts';
import { inWriteTurn } from '../db/write-turn.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody, sendProblem } from '../http/problems.ts';

/** The studio's operators: list, grant (by e-mail) and revoke, never leaving none (operators only). */
const operatorsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', noStore);
  const list = () => ({ operators: app.operators.list() });

  app.get('/operators', { schema: { response: { 200: OperatorList, '4xx': ErrorBody } } }, async () => list());

  app.post(
    '/operators',
    { schema: { body: GrantBody, response: { 200: OperatorList, '4xx': ErrorBody } } },
    async (request, reply) => {
      const granted = await inWriteTurn(app.db, () => app.operators.grant(normaliseEmail(request.body.email)));
      if (granted === 'no-account') {
        return sendProblem(reply, {
          status: 404,
          code: 'not-found',
          message: 'No account has that e-mail address. They must sign up first.',
          param: 'email',
        });
      }
      return list();
    },
  );

  app.delete(
    '/operators/:uid',
    {
      schema: {
        params: Type.Object({ uid: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 200: OperatorList, '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const revoked = await inWriteTurn(app.db, () => app.operators.revoke(request.params.uid));
      if (revoked === 'no-account') {
        return sendProblem(reply, { status: 404, code: 'not-found', message: 'There is no such account.' });
      }
      if (revoked === 'last-operator') {
        return sendProblem(reply, {
          status: 409,
          code: 'failed-precondition',
          message: 'The studio needs at least one operator: make someone else an operator first.',
        });
      }
      return list();
    },
  );
};

export default operatorsRoutes;
