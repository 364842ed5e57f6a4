import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { DeviceSession } from '../../shared/auth/devices.schema.ts';
import { answeringValidation } from '../http/error-handler.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody, type HttpProblem, sendProblem } from '../http/problems.ts';
import { sessionKey } from './accounts-repository.ts';
import { deviceName } from './device-name.ts';
import { clearSessionCookie, SESSION_COOKIE } from './session-plugin.ts';

const NO_SUCH_SESSION: HttpProblem = { status: 404, code: 'not-found', message: 'That device is not signed in.' };
const SessionParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });

/**
 * The signed-in devices of the account, under /api/auth (docs/account.md):
 *
 * - GET /sessions: 200 `{ sessions }`, the most recently seen first: the device read from the
 *   browser's User-Agent, the client address it was last seen from, when, and which is this one;
 * - DELETE /sessions/{id}: 204, that device is signed out (this one too, if it is this one);
 *   404 for a session that is not one of the account's live ones.
 */
const devicesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', noStore);
  app.setErrorHandler(answeringValidation({ params: NO_SUCH_SESSION }));

  app.get(
    '/sessions',
    {
      preValidation: app.requireAccount,
      schema: { response: { 200: Type.Object({ sessions: Type.Array(DeviceSession) }), '4xx': ErrorBody } },
    },
    async (request) => {
      const current = sessionKey(request.cookies[SESSION_COOKIE]!);
      const sessions = app.accounts.listSessions(request.account()!.uid).map((session) => ({
        id: session.id,
        device: deviceName(session.userAgent),
        address: session.address,
        signedInAt: new Date(session.createdAt).toISOString(),
        lastSeenAt: new Date(session.lastSeenAt).toISOString(),
        current: session.key === current,
      }));
      return { sessions };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      preValidation: app.requireAccount,
      schema: { params: SessionParams, response: { 204: Type.Null(), '4xx': ErrorBody } },
    },
    async (request, reply) => {
      const key = app.accounts.sessionKeyOf(request.account()!.uid, request.params.id);
      if (!key) return sendProblem(reply, NO_SUCH_SESSION);
      await app.endSessionByKey(key);
      if (key === sessionKey(request.cookies[SESSION_COOKIE]!)) clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );
};

export default devicesRoutes;
