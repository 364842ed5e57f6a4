import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

import {
  MyListItem,
  MyListWrite,
  ProgressEntry,
  ProgressWrite,
  TitleKey,
} from '../../shared/watching/watching.schema.ts';
import { INVALID_TITLE_KEY_MESSAGE, MY_LIST_FULL_MESSAGE, titleKey } from '../../shared/watching/watching-rules.ts';
import { inWriteTurn } from '../db/write-turn.ts';
import { bodyProblem } from '../http/body-problems.ts';
import { answeringValidation } from '../http/error-handler.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody, type HttpProblem, invalidArgument, sendProblem } from '../http/problems.ts';
import { limitWrites } from '../http/rate-limits.ts';
import { NO_SUCH_PROFILE, ownerGuard, PROFILE_ID_PATTERN, UID_PATTERN } from './owner-guard.ts';
import type { TitleSource } from './watchable-titles.ts';
import type { WatchingProblem } from './watching-repository.ts';

const ProfileParams = Type.Object({
  uid: Type.String({ pattern: UID_PATTERN }),
  profileId: Type.String({ pattern: PROFILE_ID_PATTERN }),
});
const TitleParams = Type.Object({ ...ProfileParams.properties, key: TitleKey });

const Items = Type.Object({ items: Type.Array(MyListItem) });
const Errors = { '4xx': ErrorBody };

const BODY_LIMIT = 4 * 1024;

const BAD_KEY = invalidArgument(INVALID_TITLE_KEY_MESSAGE);

function httpProblem(problem: WatchingProblem): HttpProblem {
  switch (problem.kind) {
    case 'no-such-profile':
      return NO_SUCH_PROFILE;
    case 'my-list-full':
      return { status: 400, code: 'resource-exhausted', message: MY_LIST_FULL_MESSAGE };
  }
}

/** The document's key must name the title in its body: `PUT …/movie-603` with `{ media_type: 'movie', id: 603 }`. */
function keyMismatch(key: string, body: { media_type: 'movie' | 'tv'; id: number }): HttpProblem | null {
  const expected = titleKey(body.media_type, body.id);
  return key === expected
    ? null
    : invalidArgument(`The key ${key} does not name this title: it should be ${expected}.`);
}

/** A title id no source of titles knows: nothing is stored for it. */
const unknownTitle = (key: string): HttpProblem => ({
  status: 404,
  code: 'not-found',
  message: `There is no title ${key} to watch.`,
});

export interface WatchingRoutesOptions {
  /** The one check of a title id, and how long the title plays (watchable-titles.ts). */
  findWatchable: TitleSource;
  /**
   * What a profile may see (its maturity level and blocked titles: server/household/). Its
   * documents list only those titles, and no other title is stored for it. Unset: every title.
   */
  seenBy?: (uid: string, profileId: string) => (mediaType: 'movie' | 'tv', id: number) => boolean;
  /** Runs in the write turn of each position stored: the plays log (server/activity/). */
  onPlayed?: (uid: string, profileId: string, play: ProgressWrite) => void;
  /** Titles the profile hid from its viewing activity (`movie-603`): Continue Watching leaves them out. */
  hiddenTitles?: (uid: string, profileId: string) => ReadonlySet<string>;
}

/**
 * Continue Watching and My List, under /api/documents:
 * customers/{uid}/profiles/{profileId}/progress/{key} and .../my_list/{key}. Guarded like the
 * profiles: signed out 401, another customer's uid 403, a profile id that is not the caller's 404
 * (whoever it belongs to), a locked profile this device has not opened with its PIN 403, each
 * before the body is looked at; nothing changes on any of them.
 * A title is stored only if it exists (findWatchable), and a position never beyond its end.
 */
const watchingRoutes: FastifyPluginAsyncTypebox<WatchingRoutesOptions> = async (
  app,
  { findWatchable, seenBy = () => () => true, onPlayed = () => {}, hiddenTitles = () => new Set() },
) => {
  const { profiles, watching } = app;

  const guard = ownerGuard(app, 'profiles', profiles.has);

  // Personal documents: no answer from here, error or not, is ever stored by a cache.
  app.addHook('onRequest', noStore);
  // Changes are limited per client address and per session (server/http/rate-limits.ts).
  app.addHook('onRequest', limitWrites(app));

  // The uid and the profile are the caller's by now: a bad parameter is the title key.
  app.setErrorHandler(answeringValidation({ params: BAD_KEY, body: (issues) => bodyProblem(issues) }));

  const fail = (reply: FastifyReply, problem: WatchingProblem) => sendProblem(reply, httpProblem(problem));

  app.get(
    '/customers/:uid/profiles/:profileId/progress',
    {
      ...guard,
      schema: {
        params: ProfileParams,
        response: { 200: Type.Object({ progress: Type.Array(ProgressEntry) }), ...Errors },
      },
    },
    async (request) => {
      const { uid, profileId } = request.params;
      const sees = seenBy(uid, profileId);
      const hidden = hiddenTitles(uid, profileId);
      return {
        progress: watching
          .listProgress(uid, profileId)
          .filter((entry) => sees(entry.media_type, entry.id) && !hidden.has(entry.key)),
      };
    },
  );

  app.put(
    '/customers/:uid/profiles/:profileId/progress/:key',
    {
      ...guard,
      bodyLimit: BODY_LIMIT,
      schema: {
        params: TitleParams,
        body: ProgressWrite,
        response: { 200: Type.Object({ entry: ProgressEntry }), ...Errors },
      },
    },
    async (request, reply) => {
      const { uid, profileId, key } = request.params;
      const mismatch = keyMismatch(key, request.body);
      if (mismatch) return sendProblem(reply, mismatch);
      const { media_type: mediaType, id } = request.body;
      // A title the profile may not see is, for it, no title at all.
      const title = seenBy(uid, profileId)(mediaType, id) ? findWatchable(mediaType, id) : null;
      if (!title) return sendProblem(reply, unknownTitle(key));
      // The player's length, up to the programme's: a position past its end is its end.
      const duration = Math.min(request.body.duration_seconds, title.durationSeconds);
      const progress = {
        ...request.body,
        duration_seconds: duration,
        position_seconds: Math.min(request.body.position_seconds, duration),
      };
      const result = await inWriteTurn(app.db, () => {
        const saved = watching.saveProgress(uid, profileId, progress);
        if (saved.ok) onPlayed(uid, profileId, progress);
        return saved;
      });
      if (!result.ok) return fail(reply, result.problem);
      return { entry: result.value };
    },
  );

  app.delete(
    '/customers/:uid/profiles/:profileId/progress/:key',
    { ...guard, bodyLimit: BODY_LIMIT, schema: { params: TitleParams, response: { 204: Type.Null(), ...Errors } } },
    async (request, reply) => {
      const { uid, profileId, key } = request.params;
      const result = await inWriteTurn(app.db, () => watching.removeProgress(uid, profileId, key));
      if (!result.ok) return fail(reply, result.problem);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/customers/:uid/profiles/:profileId/my_list',
    { ...guard, schema: { params: ProfileParams, response: { 200: Items, ...Errors } } },
    async (request) => {
      const { uid, profileId } = request.params;
      const sees = seenBy(uid, profileId);
      return { items: watching.myList(uid, profileId).filter((item) => sees(item.media_type, item.id)) };
    },
  );

  app.put(
    '/customers/:uid/profiles/:profileId/my_list/:key',
    {
      ...guard,
      bodyLimit: BODY_LIMIT,
      schema: { params: TitleParams, body: MyListWrite, response: { 200: Items, ...Errors } },
    },
    async (request, reply) => {
      const { uid, profileId, key } = request.params;
      const mismatch = keyMismatch(key, request.body);
      if (mismatch) return sendProblem(reply, mismatch);
      const { media_type: mediaType, id } = request.body;
      if (!seenBy(uid, profileId)(mediaType, id) || !findWatchable(mediaType, id)) {
        return sendProblem(reply, unknownTitle(key));
      }
      const result = await inWriteTurn(app.db, () => watching.addToMyList(uid, profileId, request.body));
      if (!result.ok) return fail(reply, result.problem);
      const sees = seenBy(uid, profileId);
      return { items: result.value.filter((item) => sees(item.media_type, item.id)) };
    },
  );

  app.delete(
    '/customers/:uid/profiles/:profileId/my_list/:key',
    { ...guard, bodyLimit: BODY_LIMIT, schema: { params: TitleParams, response: { 200: Items, ...Errors } } },
    async (request, reply) => {
      const { uid, profileId, key } = request.params;
      const result = await inWriteTurn(app.db, () => watching.removeFromMyList(uid, profileId, key));
      if (!result.ok) return fail(reply, result.problem);
      const sees = seenBy(uid, profileId);
      return { items: result.value.filter((item) => sees(item.media_type, item.id)) };
    },
  );
};

export default watchingRoutes;
