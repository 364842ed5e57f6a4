import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { RatingEntry, RatingWrite } from '../../shared/ratings/ratings.schema.ts';
import { INVALID_RATING_MESSAGE } from '../../shared/ratings/ratings-rules.ts';
import { TitleKey } from '../../shared/watching/watching.schema.ts';
import { INVALID_TITLE_KEY_MESSAGE } from '../../shared/watching/watching-rules.ts';
import { inWriteTurn } from '../db/write-turn.ts';
import { bodyProblem } from '../http/body-problems.ts';
import { answeringValidation } from '../http/error-handler.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody, type HttpProblem, invalidArgument, sendProblem } from '../http/problems.ts';
import { limitWrites } from '../http/rate-limits.ts';
import { NO_SUCH_PROFILE, ownerGuard, PROFILE_ID_PATTERN, UID_PATTERN } from './owner-guard.ts';
import type { TitleSource } from './watchable-titles.ts';

const ProfileParams = Type.Object({
  uid: Type.String({ pattern: UID_PATTERN }),
  profileId: Type.String({ pattern: PROFILE_ID_PATTERN }),
});
const TitleParams = Type.Object({ ...ProfileParams.properties, key: TitleKey });
const Errors = { '4xx': ErrorBody };
const BODY_LIMIT = 1024;

/** A key the schema allowed: `movie-603` → movie 603. */
const titleOfKey = (key: string) => {
  const [mediaType, id] = key.split('-') as ['movie' | 'tv', string];
  return { mediaType, id: Number(id) };
};

/** As for the watching documents: a title nobody knows, or one this profile may not see, is no title. */
const unknownTitle = (key: string): HttpProblem => ({
  status: 404,
  code: 'not-found',
  message: `There is no title ${key} to rate.`,
});

export interface RatingsRoutesOptions {
  /** The one check of a title id (watchable-titles.ts). */
  findWatchable: TitleSource;
  /** What a profile may see (server/household/); unset: every title. */
  seenBy?: (uid: string, profileId: string) => (mediaType: 'movie' | 'tv', id: number) => boolean;
}

/**
 * A profile's thumbs ratings under /api/documents: customers/{uid}/profiles/{profileId}/ratings
 * (the list) and …/ratings/{key} (PUT `{ rating }` to rate, DELETE to clear). Guarded as the
 * watching documents are (401, 403, 404 before the body is read).
 */
const ratingsRoutes: FastifyPluginAsyncTypebox<RatingsRoutesOptions> = async (
  app,
  { findWatchable, seenBy = () => () => true },
) => {
  const { profiles, ratings } = app;
  const guard = ownerGuard(app, 'profiles', profiles.has);

  app.addHook('onRequest', noStore);
  app.addHook('onRequest', limitWrites(app));
  // The uid and the profile are the caller's by now: a bad parameter is the title key.
  app.setErrorHandler(
    answeringValidation({
      params: invalidArgument(INVALID_TITLE_KEY_MESSAGE),
      // A rating that is not one of the three is named as such; anything else in Ajv's words.
      body: (issues) =>
        issues.some((issue) => issue.instancePath === '/rating')
          ? invalidArgument(INVALID_RATING_MESSAGE)
          : bodyProblem(issues),
    }),
  );

  app.get(
    '/customers/:uid/profiles/:profileId/ratings',
    {
      ...guard,
      schema: {
        params: ProfileParams,
        response: { 200: Type.Object({ ratings: Type.Array(RatingEntry) }), ...Errors },
      },
    },
    async (request) => {
      const { uid, profileId } = request.params;
      const sees = seenBy(uid, profileId);
      return { ratings: ratings.list(uid, profileId).filter((entry) => sees(entry.media_type, entry.id)) };
    },
  );

  app.put(
    '/customers/:uid/profiles/:profileId/ratings/:key',
    {
      ...guard,
      bodyLimit: BODY_LIMIT,
      schema: {
        params: TitleParams,
        body: RatingWrite,
        response: { 200: Type.Object({ entry: RatingEntry }), ...Errors },
      },
    },
    async (request, reply) => {
      const { uid, profileId, key } = request.params;
      const { mediaType, id } = titleOfKey(key);
      if (!seenBy(uid, profileId)(mediaType, id) || !findWatchable(mediaType, id)) {
        return sendProblem(reply, unknownTitle(key));
      }
      const result = await inWriteTurn(app.db, () => ratings.rate(uid, profileId, mediaType, id, request.body.rating));
      if (!result.ok) return sendProblem(reply, NO_SUCH_PROFILE);
      return { entry: result.value };
    },
  );

  app.delete(
    '/customers/:uid/profiles/:profileId/ratings/:key',
    { ...guard, bodyLimit: BODY_LIMIT, schema: { params: TitleParams, response: { 204: Type.Null(), ...Errors } } },
    async (request, reply) => {
      const { uid, profileId, key } = request.params;
      const result = await inWriteTurn(app.db, () => ratings.clear(uid, profileId, key));
      if (!result.ok) return sendProblem(reply, NO_SUCH_PROFILE);
      return reply.code(204).send(null);
    },
  );
};

export default ratingsRoutes;
