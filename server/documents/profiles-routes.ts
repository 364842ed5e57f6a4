import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { Profile, Profiles } from '../../shared/profiles/profile.schema.ts';
import { PROFILE_MESSAGES, type ProfileProblem, profileProblemMessage } from '../../shared/profiles/profile-rules.ts';
import { inWriteTurn } from '../db/write-turn.ts';
import { answeringValidation } from '../http/error-handler.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody, type HttpProblem, invalidArgument, sendProblem } from '../http/problems.ts';
import { limitWrites } from '../http/rate-limits.ts';
import { NO_SUCH_PROFILE, ownerGuard, PROFILE_ID_PATTERN, UID_PATTERN } from './owner-guard.ts';

const CustomerParams = Type.Object({ uid: Type.String({ pattern: UID_PATTERN }) });
const ProfileParams = Type.Object({
  uid: Type.String({ pattern: UID_PATTERN }),
  id: Type.String({ pattern: PROFILE_ID_PATTERN }),
});
// `name` is optional, may be null, and is generously long in the schema so that a missing or
// over-long name gets the clear message from checkProfileName, not a schema error. Any other type
// (a number, an array) is refused, never coerced into a name.
const NameBody = Type.Object({ name: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])) });

const PROFILE_BODY_LIMIT = 4 * 1024;

const NOT_FOUND = NO_SUCH_PROFILE;
const NAME_TOO_LONG = invalidArgument(PROFILE_MESSAGES.nameTooLong);
const NAME_NOT_TEXT = invalidArgument(PROFILE_MESSAGES.nameNotText);

/** Each problem's status and code; the message is the shared one every backend shows. */
function httpProblem(problem: ProfileProblem): HttpProblem {
  if (problem.kind === 'not-found') return NOT_FOUND;
  const message = profileProblemMessage(problem);
  switch (problem.kind) {
    case 'duplicate-name':
      return { status: 409, code: 'already-exists', message };
    case 'too-many-profiles':
      return { status: 409, code: 'resource-exhausted', message };
    default:
      return invalidArgument(message);
  }
}

/**
 * The profile documents, customers/{uid}/profiles (docs/spec.md §3, §7), registered under
 * /api/documents. A customer reaches only its own: a signed-out request gets 401, another
 * customer's uid 403, and an id that is not one of the caller's profiles 404 — checked in that
 * order, before the body is even validated, and nothing changes on any of them.
 */
const profilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { profiles } = app;

  const guard = ownerGuard(app, 'profiles');

  // Profiles are personal: no answer from here, error or not, is ever stored by a cache.
  app.addHook('onRequest', noStore);
  // Changes are limited per client address and per session (server/http/rate-limits.ts).
  app.addHook('onRequest', limitWrites(app));

  app.setErrorHandler(
    answeringValidation({
      // The uid is already known to be the caller's here, so a bad parameter is a malformed id:
      // as unknown as any other.
      params: NOT_FOUND,
      body: (issues) => {
        if (issues.some((issue) => issue.instancePath === '/name' && issue.keyword === 'maxLength')) {
          return NAME_TOO_LONG;
        }
        if (issues.some((issue) => issue.instancePath === '/name')) return NAME_NOT_TEXT;
        return undefined;
      },
    }),
  );

  app.get(
    '/customers/:uid/profiles',
    {
      ...guard,
      schema: {
        params: CustomerParams,
        response: { 200: Type.Object({ profiles: Profiles }), '4xx': ErrorBody },
      },
    },
    async (request) => ({ profiles: profiles.list(request.params.uid) }),
  );

  app.post(
    '/customers/:uid/profiles',
    {
      ...guard,
      bodyLimit: PROFILE_BODY_LIMIT,
      schema: {
        params: CustomerParams,
        body: NameBody,
        response: { 201: Type.Object({ profile: Profile, profiles: Profiles }), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await inWriteTurn(app.db, () => profiles.add(request.params.uid, request.body.name ?? ''));
      if (!result.ok) return sendProblem(reply, httpProblem(result.problem));
      return reply.code(201).send({ profile: result.profile, profiles: result.profiles });
    },
  );

  app.patch(
    '/customers/:uid/profiles/:id',
    {
      ...guard,
      bodyLimit: PROFILE_BODY_LIMIT,
      schema: {
        params: ProfileParams,
        body: NameBody,
        response: { 200: Type.Object({ profile: Profile, profiles: Profiles }), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const { uid, id } = request.params;
      const result = await inWriteTurn(app.db, () => profiles.rename(uid, id, request.body.name ?? ''));
      if (!result.ok) return sendProblem(reply, httpProblem(result.problem));
      return { profile: result.profile, profiles: result.profiles };
    },
  );

  app.delete(
    '/customers/:uid/profiles/:id',
    {
      ...guard,
      bodyLimit: PROFILE_BODY_LIMIT,
      schema: {
        params: ProfileParams,
        response: { 200: Type.Object({ profiles: Profiles }), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await inWriteTurn(app.db, () => profiles.remove(request.params.uid, request.params.id));
      if (!result.ok) return sendProblem(reply, httpProblem(result.problem));
      return { profiles: result.profiles };
    },
  );

  app.post(
    '/customers/:uid/profiles/:id/select',
    {
      ...guard,
      bodyLimit: PROFILE_BODY_LIMIT,
      schema: {
        params: ProfileParams,
        response: { 200: Type.Object({ profile: Profile, profiles: Profiles }), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await inWriteTurn(app.db, () => profiles.select(request.params.uid, request.params.id));
      if (!result.ok) return sendProblem(reply, httpProblem(result.problem));
      return { profile: result.profile, profiles: result.profiles };
    },
  );
};

export default profilesRoutes;
