import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import type { Entitlements } from '../../shared/billing/entitlements.ts';
import {
  Grant,
  GrantRequest,
  NO_MEMBERSHIP_MESSAGE,
  Screen,
  TOO_MANY_SCREENS_MESSAGE,
  TooManyScreens,
} from '../../shared/watching/playback.schema.ts';
import { deviceName } from '../accounts/device-name.ts';
import type { TokenCheck } from '../accounts/firebase-id-tokens.ts';
import { inWriteTurn } from '../db/write-turn.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody, sendProblem } from '../http/problems.ts';
import { limitWrites } from '../http/rate-limits.ts';
import { LEASE_RENEW_MS, type Screen as LeaseScreen } from './leases-repository.ts';
import { membershipOf, membershipOfRole } from './membership.ts';

/** A programme a grant can be made for: the folder the media host serves, and what the screen list calls it. */
export interface LocatedProgramme {
  /** The media host's name of the programme's folder ("programmes/drama", "library/library-12"). */
  folder: string;
  title: string;
  /** Its master playlist and thumbnails index (null: none yet), relative to the folder. */
  master: string;
  thumbnails: string | null;
}

export interface PlaybackRoutesOptions {
  /**
   * The programme a film or episode plays: null when there is none to play, 'preparing' while the
   * library's is being made and nothing of it plays yet.
   */
  locate: (request: GrantRequest) => LocatedProgramme | 'preparing' | null;
  /** Where the media host serves a grant's files (`/media/grants`). */
  grantsPath: string;
  /** Whether a programme has any rendition within `maxHeight` lines (master-filter.ts). */
  playableAt: (folder: string, maxHeight: number) => boolean;
  /**
   * Whether the request's profile may see a title (its maturity level and blocked titles:
   * server/household/). A title it may not see has, for it, no programme. Unset: every title.
   */
  sees?: (request: FastifyRequest, mediaType: 'movie' | 'tv', id: number) => boolean;
  /**
   * Hosted mode's sessions: checks a Firebase ID token (`Authorization: Bearer`,
   * server/accounts/firebase-id-tokens.ts). Unset: only the embedded session cookie signs in.
   */
  firebaseTokens?: (token: string) => Promise<TokenCheck>;
}

/** Who asks to play: the uid their leases are kept under, and what their membership allows now. */
interface Player {
  uid: string;
  plan: () => Promise<Entitlements | null>;
}

const LeaseParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }) });
const Errors = { '4xx': ErrorBody, '5xx': ErrorBody };
const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,8192})$/;

const toScreen = (screen: LeaseScreen): Screen => ({
  id: screen.id,
  device: screen.device,
  title: screen.title,
  started_at: screen.startedAt,
});

/**
 * Playback, under /api/playback: a player asks for a grant to play a programme, and keeps its lease
 * alive while it plays.
 * - No active membership: 403 `no-membership` (trailers and previews are served elsewhere, free).
 * - Every screen of the plan playing: 409 `too-many-screens`, with the screens in use.
 * - Otherwise a lease, and the programme's addresses under the grant's token: the media host
 *   serves them while the lease lives, and only the renditions the plan allows.
 */
const playbackRoutes: FastifyPluginAsyncTypebox<PlaybackRoutesOptions> = async (app, options) => {
  const { leases } = app;

  app.addHook('onRequest', noStore);
  // Grants and renewals are writes: limited per session and address like the others.
  app.addHook('onRequest', limitWrites(app));

  // Signed in by the embedded session cookie, or, when hosted mode is configured, by a Firebase ID
  // token: the same routes and rules for both, only who the player is and where their plan is read differ.
  const players = new WeakMap<FastifyRequest, Player>();
  const playerOf = (request: FastifyRequest) => players.get(request)!;
  const signInByToken = async (request: FastifyRequest, reply: FastifyReply, check: TokenCheck | null) => {
    if (!check?.ok) {
      const unavailable = check?.reason === 'unavailable';
      if (unavailable) request.log.warn("Google's keys for Firebase ID tokens could not be read");
      return sendProblem(
        reply,
        unavailable
          ? {
              status: 503,
              code: 'unavailable',
              message: 'Your sign-in could not be checked just now. Try again shortly.',
            }
          : { status: 401, code: 'unauthenticated', message: 'Please sign in again.' },
      );
    }
    const { uid, stripeRole } = check.user;
    players.set(request, { uid, plan: async () => membershipOfRole(app.checkout.products, stripeRole) });
  };
  app.addHook('preValidation', async (request, reply) => {
    const authorization = request.headers.authorization;
    if (options.firebaseTokens && authorization !== undefined) {
      const token = BEARER.exec(authorization)?.[1];
      return signInByToken(request, reply, token ? await options.firebaseTokens(token) : null);
    }
    const account = request.account();
    if (!account) return sendProblem(reply, { status: 401, code: 'unauthenticated', message: 'Please sign in first.' });
    players.set(request, { uid: account.uid, plan: () => membershipOf(app.checkout, account.uid) });
  });

  app.post(
    '/grants',
    {
      bodyLimit: 1024,
      schema: { body: GrantRequest, response: { 201: Grant, 409: TooManyScreens, ...Errors } },
    },
    async (request, reply) => {
      const player = playerOf(request);
      const uid = player.uid;
      const seen = options.sees?.(request, request.body.media_type, request.body.id) ?? true;
      const programme = seen ? options.locate(request.body) : null;
      if (!programme) {
        return sendProblem(reply, { status: 404, code: 'not-found', message: 'There is no such programme to play.' });
      }
      if (programme === 'preparing') {
        return sendProblem(reply, {
          status: 409,
          code: 'not-ready',
          message: 'This title is still being prepared. Try again in a few minutes.',
        });
      }
      const plan = await player.plan();
      if (!plan) return sendProblem(reply, { status: 403, code: 'no-membership', message: NO_MEMBERSHIP_MESSAGE });
      if (!options.playableAt(programme.folder, plan.maxHeight)) {
        return sendProblem(reply, {
          status: 403,
          code: 'above-plan',
          message: 'This title is not yet available at your plan’s resolution.',
        });
      }
      // The screens list names a device as the devices page does ("Chrome on Windows").
      const device = deviceName(request.headers['user-agent'] ?? '');
      const started = await inWriteTurn(app.db, () =>
        leases.startIfFree(
          { uid, device, folder: programme.folder, title: programme.title, maxHeight: plan.maxHeight },
          plan.screens,
        ),
      );
      if (!started.ok) {
        return reply.code(409).send({
          error: { code: 'too-many-screens' as const, message: TOO_MANY_SCREENS_MESSAGE },
          screens: started.screens.map(toScreen),
        });
      }
      const base = `${options.grantsPath}/${started.lease.token}`;
      return reply.code(201).send({
        lease: { id: started.lease.id, renew_seconds: LEASE_RENEW_MS / 1000 },
        master: `${base}/${programme.master}`,
        thumbnails: programme.thumbnails ? `${base}/${programme.thumbnails}` : null,
        max_height: plan.maxHeight,
      });
    },
  );

  app.get(
    '/screens',
    { schema: { response: { 200: Type.Object({ screens: Type.Array(Screen) }), ...Errors } } },
    (request) => ({
      screens: leases.screens(playerOf(request).uid).map(toScreen),
    }),
  );

  app.put(
    '/leases/:id',
    { bodyLimit: 1024, schema: { params: LeaseParams, response: { 204: Type.Null(), ...Errors } } },
    async (request, reply) => {
      const player = playerOf(request);
      const uid = player.uid;
      // A membership that ended while playing ends its screens at their next renewal.
      if (!(await player.plan())) {
        await inWriteTurn(app.db, () => leases.end(uid, request.params.id));
        return sendProblem(reply, { status: 403, code: 'no-membership', message: NO_MEMBERSHIP_MESSAGE });
      }
      const renewed = await inWriteTurn(app.db, () => leases.renew(uid, request.params.id));
      if (!renewed) {
        return sendProblem(reply, {
          status: 404,
          code: 'lease-ended',
          message: 'This screen has stopped playing: start the programme again.',
        });
      }
      return reply.code(204).send(null);
    },
  );

  // Ending one's own screen, or another of the account's from the "too many people" answer.
  app.delete(
    '/leases/:id',
    { bodyLimit: 1024, schema: { params: LeaseParams, response: { 204: Type.Null(), ...Errors } } },
    async (request, reply) => {
      await inWriteTurn(app.db, () => leases.end(playerOf(request).uid, request.params.id));
      return reply.code(204).send(null);
    },
  );
};

export default playbackRoutes;
