import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { LOCK_MESSAGES } from '../../shared/profiles/profile-options.ts';
import { PROFILE_MESSAGES } from '../../shared/profiles/profile-rules.ts';
import { type HttpProblem, sendProblem } from '../http/problems.ts';

/**
 * The one owner check of the documents under customers/{uid}: a customer reaches only its own.
 * Every route runs, in this order, app.requireAccount (401), requireOwnUid (403) and, below a
 * profile, requireOwnProfile (404) and requireOpenedProfile (403 for a locked profile not opened
 * on this device), all before the body is validated; nothing changes on any of them.
 */

export const UID_PATTERN = '^[A-Za-z0-9]{28}$';
export const PROFILE_ID_PATTERN = '^[a-z0-9]{1,20}$';
const PROFILE_ID = new RegExp(PROFILE_ID_PATTERN);

/** A profile id that is not one of the caller's, malformed or not: never says whose it is. */
export const NO_SUCH_PROFILE: HttpProblem = { status: 404, code: 'not-found', message: PROFILE_MESSAGES.notFound };

/** Refuses a path whose `uid` is not the signed-in account's with 403; `what` names the documents. */
const requireOwnUid = (what: string) => async (request: FastifyRequest, reply: FastifyReply) => {
  const { uid } = request.params as { uid?: unknown };
  if (uid !== request.account()?.uid) {
    await sendProblem(reply, {
      status: 403,
      code: 'permission-denied',
      message: `You can only reach your own ${what}.`,
    });
  }
};

/** Refuses a `profileId` that is not one of this account's profiles with 404 (after requireOwnUid). */
const requireOwnProfile =
  (hasProfile: (uid: string, profileId: string) => boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { uid, profileId } = request.params as { uid: string; profileId?: unknown };
    if (typeof profileId !== 'string' || !PROFILE_ID.test(profileId) || !hasProfile(uid, profileId)) {
      await sendProblem(reply, NO_SUCH_PROFILE);
    }
  };

const PIN_FOR_PROFILE: HttpProblem = { status: 403, code: 'permission-denied', message: LOCK_MESSAGES.pinForProfile };

/**
 * Refuses a locked profile's documents with 403 unless it is the profile the request's session
 * watches as, which a session only becomes with the PIN (after requireOwnProfile).
 */
const requireOpenedProfile =
  ({ profiles }: Pick<FastifyInstance, 'profiles'>) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const { uid, profileId } = request.params as { uid: string; profileId: string };
    if (!profiles.lockOf(uid, profileId)?.pinHash) return;
    if (profiles.activeIn(uid, request.sessionKey()) !== profileId) await sendProblem(reply, PIN_FOR_PROFILE);
  };

/**
 * The route options that guard customers/{uid}/…: `what` names the documents in the 403's
 * message; `hasProfile`, for routes below customers/{uid}/profiles/{profileId}, adds the 404, and
 * the 403 of a locked profile this device has not opened: a profile's documents are its own.
 */
export function ownerGuard(
  app: Pick<FastifyInstance, 'requireAccount' | 'profiles'>,
  what: string,
  hasProfile?: (uid: string, profileId: string) => boolean,
) {
  const checks = [app.requireAccount, requireOwnUid(what)];
  if (hasProfile) checks.push(requireOwnProfile(hasProfile), requireOpenedProfile(app));
  return { preValidation: checks };
}
