import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { LOCK_MESSAGES, PIN_ATTEMPTS, PIN_WINDOW_MS } from '../../shared/profiles/profile-options.ts';
import { AttemptThrottle } from '../accounts/attempt-throttle.ts';
import { verifyPassword, whenAbandoned } from '../accounts/passwords.ts';
import { type HttpProblem, invalidArgument } from '../http/problems.ts';
import { PROFILE_ID_PATTERN, UID_PATTERN } from './owner-guard.ts';

/** A profile's address: its account and its id. */
export const ProfileParams = Type.Object({
  uid: Type.String({ pattern: UID_PATTERN }),
  id: Type.String({ pattern: PROFILE_ID_PATTERN }),
});
/** Profile bodies are a name, a few settings or secrets. */
export const PROFILE_BODY_LIMIT = 4 * 1024;
export const NO_PASSWORD = invalidArgument(LOCK_MESSAGES.password);

const WRONG_PIN: HttpProblem = { status: 403, code: 'permission-denied', message: LOCK_MESSAGES.wrongPin };
const TOO_MANY_PINS: HttpProblem = { status: 429, code: 'resource-exhausted', message: LOCK_MESSAGES.tooManyPins };
const WRONG_PASSWORD: HttpProblem = { status: 403, code: 'permission-denied', message: LOCK_MESSAGES.wrongPassword };
const TOO_MANY_PASSWORDS: HttpProblem = {
  status: 429,
  code: 'resource-exhausted',
  message: LOCK_MESSAGES.tooManyPasswords,
};

/**
 * The two secrets a profile's changes ask for: its PIN (choosing a locked profile, adding one when
 * the PIN guards that) and the account's password (a lock, a maturity level, unblocking a title).
 * Attempts are counted in the database, so every worker of a cluster counts against one limit,
 * before anything is hashed; a match gives its attempt back and clears the count.
 */
export function profileSecrets(app: FastifyInstance, attempts = PIN_ATTEMPTS) {
  const pins = new AttemptThrottle(app.db, { scope: 'profile-pin', limit: attempts, windowMs: PIN_WINDOW_MS });
  const passwords = new AttemptThrottle(app.db, {
    scope: 'profile-lock-password',
    limit: attempts,
    windowMs: PIN_WINDOW_MS,
  });

  /** Null when `secret` matches one of `hashes`, else the refusal. */
  const check = async (
    reply: FastifyReply,
    throttle: AttemptThrottle,
    key: string,
    hashes: string[],
    secret: string,
    refusals: { wrong: HttpProblem; tooMany: HttpProblem },
  ): Promise<HttpProblem | null> => {
    const attempt = await throttle.reserve(key);
    if (attempt === undefined) return refusals.tooMany;
    const gone = whenAbandoned(reply.raw);
    for (const hash of hashes) {
      if (await verifyPassword(hash, secret, gone)) {
        await throttle.reset(key);
        return null;
      }
    }
    return refusals.wrong;
  };

  return {
    /** A profile's PIN against any of `hashes` (throttled per profile, `key`). */
    checkPin: (reply: FastifyReply, key: string, hashes: string[], pin: string) =>
      check(reply, pins, key, hashes, pin, { wrong: WRONG_PIN, tooMany: TOO_MANY_PINS }),
    /** A new PIN starts with a clean count. */
    resetPin: (key: string) => pins.reset(key),
    /** The account's password (throttled per account). */
    checkPassword: (request: FastifyRequest, reply: FastifyReply, uid: string, password: string) =>
      check(reply, passwords, uid, [request.account()!.passwordHash], password, {
        wrong: WRONG_PASSWORD,
        tooMany: TOO_MANY_PASSWORDS,
      }),
  };
}
