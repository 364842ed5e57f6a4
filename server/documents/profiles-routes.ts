import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { Type } from 'typebox';

import { HIDDEN_CHARACTERS_IN_NAME_MESSAGE } from '../../shared/text/identity-text.ts';
import { ErrorBody } from '../http/error-body.ts';
import { errorHandler } from '../http/error-handler.ts';
import {
  type HttpProblem,
  NO_SUCH_PROFILE,
  PROFILE_ID_PATTERN,
  requireOwnUid,
  sendProblem,
  UID_PATTERN,
} from './owner-guard.ts';
import { createProfilesRepository, MAX_NAME_LENGTH, MAX_PROFILES, type ProfileProblem } from './profiles-repository.ts';

const Profile = Type.Object({ id: Type.String(), name: Type.String(), activeProfile: Type.Boolean() });
const Profiles = Type.Array(Profile);

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
const NAME_TOO_LONG: HttpProblem = {
  status: 400,
  code: 'invalid-argument',
  message: `Profile names can be at most ${MAX_NAME_LENGTH} characters.`,
};
const NAME_NOT_TEXT: HttpProblem = {
  status: 400,
  code: 'invalid-argument',
  message: 'A profile name must be text.',
};

function httpProblem(problem: ProfileProblem): HttpProblem {
  switch (problem.kind) {
    case 'missing-name':
      return { status: 400, code: 'invalid-argument', message: 'Please enter a profile name.' };
    case 'name-too-long':
      return NAME_TOO_LONG;
    case 'control-characters':
      return { status: 400, code: 'invalid-argument', message: 'Profile names cannot contain control characters.' };
    case 'hidden-characters':
      return { status: 400, code: 'invalid-argument', message: HIDDEN_CHARACTERS_IN_NAME_MESSAGE };
    case 'duplicate-name':
      return {
        status: 409,
        code: 'already-exists',
        message: `You already have a profile called "${problem.existingName}".`,
      };
    case 'too-many-profiles':
      return {
        status: 409,
        code: 'resource-exhausted',
        message: `An account can have at most ${MAX_PROFILES} profiles.`,
      };
    case 'not-found':
      return NOT_FOUND;
  }
}

/**
 * The profile documents, customers/{uid}/profiles (docs/spec.md §3, §7), registered under
 * /api/documents. A customer reaches only its own: a signed-out request gets 401, another
 * customer's uid 403, and an id that is not one of the caller's profiles 404 — checked in that
 * order, before the body is even validated, and nothing changes on any of them.
 */
const profilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const profiles = createProfilesRepository(app.db);

  const guard = { preValidation: [app.requireAccount, requireOwnUid('profiles')] };

  // Profiles are personal: no answer from here, error or not, is ever stored by a cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      // The uid is already known to be the caller's here, so a bad parameter is a malformed id:
      // as unknown as any other.
      if (error.validationContext === 'params') return sendProblem(reply, NOT_FOUND);
      const longName = error.validation.some(
        (issue) => issue.instancePath === '/name' && issue.keyword === 'maxLength',
      );
      if (error.validationContext === 'body' && longName) return sendProblem(reply, NAME_TOO_LONG);
      const nameOfAnotherType = error.validation.some((issue) => issue.instancePath === '/name');
      if (error.validationContext === 'body' && nameOfAnotherType) return sendProblem(reply, NAME_NOT_TEXT);
    }
    return errorHandler(error, request, reply);
  });

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
      const result = profiles.add(request.params.uid, request.body.name ?? '');
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
      const result = profiles.rename(uid, id, request.body.name ?? '');
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
      const result = profiles.remove(request.params.uid, request.params.id);
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
      const result = profiles.select(request.params.uid, request.params.id);
      if (!result.ok) return sendProblem(reply, httpProblem(result.problem));
      return { profile: result.profile, profiles: result.profiles };
    },
  );
};

export default profilesRoutes;
