import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { MAX_PASSWORD_LENGTH } from '../../shared/auth/credentials.ts';
import { DEFAULT_MATURITY, isKidsLevel, KIDS_MATURITY, kidsLevelFrom } from '../../shared/profiles/maturity.ts';
import { AvatarId, MaturityLevel, Profile, Profiles, ProfileSettings } from '../../shared/profiles/profile.schema.ts';
import { LOCK_MESSAGES, PIN_PATTERN } from '../../shared/profiles/profile-options.ts';
import { PROFILE_MESSAGES, type ProfileProblem, profileProblemMessage } from '../../shared/profiles/profile-rules.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { inWriteTurn } from '../db/write-turn.ts';
import { answeringValidation } from '../http/error-handler.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody, type HttpProblem, invalidArgument, sendProblem } from '../http/problems.ts';
import { limitWrites } from '../http/rate-limits.ts';
import { NO_SUCH_PROFILE, ownerGuard, UID_PATTERN } from './owner-guard.ts';
import { NO_PASSWORD, PROFILE_BODY_LIMIT, ProfileParams, profileSecrets } from './profile-secrets.ts';

const CustomerParams = Type.Object({ uid: Type.String({ pattern: UID_PATTERN }) });
// `name` is optional, may be null, and is generously long in the schema so that a missing or
// over-long name gets the clear message from checkProfileName, not a schema error. Any other type
// (a number, an array) is refused, never coerced into a name.
const NameBody = Type.Object({
  name: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  avatar: Type.Optional(AvatarId),
  /**
   * "Kids?": true makes it a kids profile (7+, or the lower level it has) with no password, as it
   * only takes titles away. Leaving Kids is a higher maturity level, which takes the password.
   */
  kids: Type.Optional(Type.Boolean()),
});
const Pin = Type.String({ pattern: PIN_PATTERN });
// Adding may carry the PIN a locked profile asks for before a new profile is added.
const AddBody = Type.Object({ ...NameBody.properties, pin: Type.Optional(Pin) });
const SelectBody = Type.Union([Type.Object({ pin: Type.Optional(Pin) }), Type.Null()]);
const LockBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
  pin: Type.Union([Pin, Type.Null()]),
  pinToAdd: Type.Optional(Type.Boolean()),
});
const ProfileAnswer = Type.Object({ profile: Profile, profiles: Profiles });
const MaturityBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
  level: MaturityLevel,
});

const NOT_FOUND = NO_SUCH_PROFILE;
const NAME_TOO_LONG = invalidArgument(PROFILE_MESSAGES.nameTooLong);
const NAME_NOT_TEXT = invalidArgument(PROFILE_MESSAGES.nameNotText);
const BAD_AVATAR = invalidArgument(LOCK_MESSAGES.avatar);
const BAD_PIN = invalidArgument(LOCK_MESSAGES.pinShape);
const BAD_SETTINGS = invalidArgument(LOCK_MESSAGES.settings);
const BAD_MATURITY = invalidArgument(LOCK_MESSAGES.maturity);
const LEAVING_KIDS = invalidArgument(LOCK_MESSAGES.leavingKids);
const PIN_REQUIRED: HttpProblem = { status: 403, code: 'permission-denied', message: LOCK_MESSAGES.pinRequired };
const PIN_TO_ADD: HttpProblem = { status: 403, code: 'permission-denied', message: LOCK_MESSAGES.pinToAdd };

/** Whether a body's schema issue is about one field: its value, or its absence. */
const isAbout = (issue: { instancePath: string; keyword: string; params: object }, field: string) =>
  issue.instancePath === `/${field}` ||
  (issue.keyword === 'required' && (issue.params as { missingProperty?: string }).missingProperty === field);

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
export interface ProfilesRoutesOptions {
  /** Wrong PINs allowed per profile (and wrong passwords per account) within 15 minutes. */
  pinAttempts?: number;
}

const profilesRoutes: FastifyPluginAsyncTypebox<ProfilesRoutesOptions> = async (app, options) => {
  const { profiles } = app;
  const { checkPin, resetPin, checkPassword } = profileSecrets(app, options.pinAttempts);

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
        if (issues.some((issue) => issue.instancePath === '/avatar')) return BAD_AVATAR;
        if (issues.some((issue) => issue.instancePath === '/pin')) return BAD_PIN;
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
    async (request) => ({ profiles: profiles.list(request.params.uid, request.sessionKey()) }),
  );

  app.post(
    '/customers/:uid/profiles',
    {
      ...guard,
      bodyLimit: PROFILE_BODY_LIMIT,
      schema: {
        params: CustomerParams,
        body: AddBody,
        response: { 201: ProfileAnswer, '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const { uid } = request.params;
      const { name, avatar, pin, kids = false } = request.body;
      const asked = profiles.pinsToAdd(uid);
      if (asked.length > 0) {
        if (pin === undefined) return sendProblem(reply, PIN_TO_ADD);
        const refused = await checkPin(reply, `${uid}:add`, asked, pin);
        if (refused) return sendProblem(reply, refused);
      }
      const result = await inWriteTurn(app.db, () => {
        const added = profiles.add(uid, name ?? '', avatar, request.sessionKey());
        return added.ok && kids
          ? profiles.changeMaturity(uid, added.profile.id, KIDS_MATURITY, request.sessionKey())
          : added;
      });
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
        response: { 200: ProfileAnswer, '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const { uid, id } = request.params;
      const { name, avatar, kids } = request.body;
      if (kids === false && isKidsLevel(profiles.maturityOf(uid, id) ?? DEFAULT_MATURITY))
        return sendProblem(reply, LEAVING_KIDS);
      const result = await inWriteTurn(app.db, () => {
        const renamed = profiles.rename(uid, id, name ?? '', avatar, request.sessionKey());
        const level = renamed.ok && kids ? profiles.maturityOf(uid, id) : null;
        return level ? profiles.changeMaturity(uid, id, kidsLevelFrom(level), request.sessionKey()) : renamed;
      });
      if (!result.ok) return sendProblem(reply, httpProblem(result.problem));
      return { profile: result.profile, profiles: result.profiles };
    },
  );

  app.patch(
    '/customers/:uid/profiles/:id/settings',
    {
      ...guard,
      bodyLimit: PROFILE_BODY_LIMIT,
      errorHandler: answeringValidation({ params: NOT_FOUND, body: () => BAD_SETTINGS }),
      schema: {
        params: ProfileParams,
        body: ProfileSettings,
        response: { 200: ProfileAnswer, '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const { uid, id } = request.params;
      const result = await inWriteTurn(app.db, () =>
        profiles.changeSettings(uid, id, request.body, request.sessionKey()),
      );
      if (!result.ok) return sendProblem(reply, httpProblem(result.problem));
      return { profile: result.profile, profiles: result.profiles };
    },
  );

  // Setting or removing a PIN takes the account's password, as the real service asks for it.
  app.put(
    '/customers/:uid/profiles/:id/lock',
    {
      ...guard,
      bodyLimit: PROFILE_BODY_LIMIT,
      errorHandler: answeringValidation({
        params: NOT_FOUND,
        body: (issues) =>
          issues.some((issue) => issue.instancePath === '/pin')
            ? BAD_PIN
            : issues.some((issue) => issue.instancePath === '/password')
              ? NO_PASSWORD
              : undefined,
      }),
      schema: {
        params: ProfileParams,
        body: LockBody,
        response: { 200: ProfileAnswer, '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const { uid, id } = request.params;
      const { password, pin, pinToAdd = false } = request.body;
      if (!profiles.has(uid, id)) return sendProblem(reply, NOT_FOUND);
      const refused = await checkPassword(request, reply, uid, password);
      if (refused) return sendProblem(reply, refused);
      const pinHash = pin === null ? null : await hashPassword(pin);
      const result = await inWriteTurn(app.db, () =>
        profiles.changeLock(uid, id, { pinHash, pinToAdd }, request.sessionKey()),
      );
      if (!result.ok) return sendProblem(reply, httpProblem(result.problem));
      // A new PIN starts with a clean count.
      await resetPin(`${uid}:${id}`);
      return { profile: result.profile, profiles: result.profiles };
    },
  );

  // A profile's maturity level takes the account's password, as its lock does.
  app.put(
    '/customers/:uid/profiles/:id/maturity',
    {
      ...guard,
      bodyLimit: PROFILE_BODY_LIMIT,
      errorHandler: answeringValidation({
        params: NOT_FOUND,
        body: (issues) =>
          issues.some((issue) => isAbout(issue, 'level'))
            ? BAD_MATURITY
            : issues.some((issue) => isAbout(issue, 'password'))
              ? NO_PASSWORD
              : undefined,
      }),
      schema: {
        params: ProfileParams,
        body: MaturityBody,
        response: { 200: ProfileAnswer, '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const { uid, id } = request.params;
      if (!profiles.has(uid, id)) return sendProblem(reply, NOT_FOUND);
      const refused = await checkPassword(request, reply, uid, request.body.password);
      if (refused) return sendProblem(reply, refused);
      const result = await inWriteTurn(app.db, () =>
        profiles.changeMaturity(uid, id, request.body.level, request.sessionKey()),
      );
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
      const result = await inWriteTurn(app.db, () =>
        profiles.remove(request.params.uid, request.params.id, request.sessionKey()),
      );
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
        body: Type.Optional(SelectBody),
        response: { 200: ProfileAnswer, '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const { uid, id } = request.params;
      // A locked profile is made active only with its PIN, whoever asks and however.
      const lock = profiles.lockOf(uid, id);
      if (lock?.pinHash) {
        const pin = request.body?.pin;
        if (pin === undefined) return sendProblem(reply, PIN_REQUIRED);
        const refused = await checkPin(reply, `${uid}:${id}`, [lock.pinHash], pin);
        if (refused) return sendProblem(reply, refused);
      }
      const result = await inWriteTurn(app.db, () => profiles.select(uid, id, request.sessionKey()));
      if (!result.ok) return sendProblem(reply, httpProblem(result.problem));
      return { profile: result.profile, profiles: result.profiles };
    },
  );
};

export default profilesRoutes;
