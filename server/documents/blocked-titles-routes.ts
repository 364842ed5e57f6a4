import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { MAX_PASSWORD_LENGTH } from '../../shared/auth/credentials.ts';
import { INVALID_TITLE_KEY_MESSAGE, TITLE_KEY_PATTERN } from '../../shared/watching/watching-rules.ts';
import { inWriteTurn } from '../db/write-turn.ts';
import { answeringValidation } from '../http/error-handler.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody, invalidArgument, sendProblem } from '../http/problems.ts';
import { limitWrites } from '../http/rate-limits.ts';
import { NO_SUCH_PROFILE, ownerGuard } from './owner-guard.ts';
import { NO_PASSWORD, PROFILE_BODY_LIMIT, ProfileParams, profileSecrets } from './profile-secrets.ts';
import type { ProfilesRoutesOptions } from './profiles-routes.ts';

const BlockedParams = Type.Object({ ...ProfileParams.properties, key: Type.String({ pattern: TITLE_KEY_PATTERN }) });
const BlockedTitle = Type.Object({
  media_type: Type.Union([Type.Literal('movie'), Type.Literal('tv')]),
  id: Type.Integer(),
});
const BlockedAnswer = Type.Object({ blocked: Type.Array(BlockedTitle) });
const NOT_FOUND = NO_SUCH_PROFILE;
const BAD_TITLE_KEY = invalidArgument(INVALID_TITLE_KEY_MESSAGE);

/**
 * The titles a profile has blocked, customers/{uid}/profiles/{id}/blocked/{movie-603}, under
 * /api/documents: the profile never sees them, whatever its maturity level allows (the household
 * plugin applies both). Reached as the profile documents are: only by their own account.
 */
const blockedTitlesRoutes: FastifyPluginAsyncTypebox<ProfilesRoutesOptions> = async (app, options) => {
  const { profiles } = app;
  const { checkPassword } = profileSecrets(app, options.pinAttempts);
  const guard = ownerGuard(app, 'profiles');
  // Personal, as the profiles are: never stored by a cache, and changes limited as theirs are.
  app.addHook('onRequest', noStore);
  app.addHook('onRequest', limitWrites(app));
  // The uid is known to be the caller's by then: a malformed profile id is as unknown as any other.
  app.setErrorHandler(answeringValidation({ params: NOT_FOUND }));

  const blockedAnswer = (uid: string, id: string) => ({
    blocked: profiles.blockedTitles(uid, id).map((title) => ({ media_type: title.mediaType, id: title.id })),
  });
  const titleOfKey = (key: string) => {
    const [mediaType, id] = key.split('-') as ['movie' | 'tv', string];
    return { mediaType, id: Number(id) };
  };
  // The uid and profile are the caller's by now: a bad parameter is the title key.
  const blockedErrors = answeringValidation({ params: BAD_TITLE_KEY, body: () => NO_PASSWORD });

  app.get(
    '/customers/:uid/profiles/:id/blocked',
    { ...guard, schema: { params: ProfileParams, response: { 200: BlockedAnswer, '4xx': ErrorBody } } },
    async (request, reply) => {
      const { uid, id } = request.params;
      if (!profiles.has(uid, id)) return sendProblem(reply, NOT_FOUND);
      return blockedAnswer(uid, id);
    },
  );

  // Blocking a title only takes it away, so it needs no password; unblocking gives it back, so it
  // asks for the account's password, as the level does.
  app.put(
    '/customers/:uid/profiles/:id/blocked/:key',
    {
      ...guard,
      bodyLimit: PROFILE_BODY_LIMIT,
      errorHandler: blockedErrors,
      schema: { params: BlockedParams, response: { 200: BlockedAnswer, '4xx': ErrorBody } },
    },
    async (request, reply) => {
      const { uid, id, key } = request.params;
      if (!profiles.has(uid, id)) return sendProblem(reply, NOT_FOUND);
      await inWriteTurn(app.db, () => profiles.block(uid, id, titleOfKey(key)));
      return blockedAnswer(uid, id);
    },
  );

  app.delete(
    '/customers/:uid/profiles/:id/blocked/:key',
    {
      ...guard,
      bodyLimit: PROFILE_BODY_LIMIT,
      errorHandler: blockedErrors,
      schema: {
        params: BlockedParams,
        body: Type.Object({ password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }) }),
        response: { 200: BlockedAnswer, '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const { uid, id, key } = request.params;
      if (!profiles.has(uid, id)) return sendProblem(reply, NOT_FOUND);
      const refused = await checkPassword(request, reply, uid, request.body.password);
      if (refused) return sendProblem(reply, refused);
      await inWriteTurn(app.db, () => profiles.unblock(uid, id, titleOfKey(key)));
      return blockedAnswer(uid, id);
    },
  );
};

export default blockedTitlesRoutes;
