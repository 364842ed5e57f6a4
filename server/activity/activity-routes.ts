import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { ActivityList, PlayKey } from '../../shared/activity/activity.schema.ts';
import {
  ACTIVITY_CSV_NAME,
  playDay,
  playLabel,
  TOP_TEN_DAYS,
  TOP_TEN_PATH,
} from '../../shared/activity/activity-rules.ts';
import { TmdbTitleItem } from '../../shared/catalogue/tmdb.schema.ts';
import { isLibraryId } from '../../shared/library/library-ids.ts';
import type { WatchMediaType } from '../../shared/watching/watching-rules.ts';
import { type ArtPath, toTmdbItem } from '../catalogue/tmdb-json.ts';
import { inWriteTurn } from '../db/write-turn.ts';
import { NO_SUCH_PROFILE, ownerGuard, PROFILE_ID_PATTERN, UID_PATTERN } from '../documents/owner-guard.ts';
import { answeringValidation } from '../http/error-handler.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody, invalidArgument, sendProblem } from '../http/problems.ts';
import { limitWrites } from '../http/rate-limits.ts';
import { csvText } from './csv.ts';
import { topTen } from './top-ten.ts';

export interface ActivityRoutesOptions {
  /** Where a catalogue title's generated art lives (server/media/images/art-path.ts). */
  artPath: ArtPath;
}

const ProfileParams = Type.Object({
  uid: Type.String({ pattern: UID_PATTERN }),
  profileId: Type.String({ pattern: PROFILE_ID_PATTERN }),
});
const LineParams = Type.Object({ ...ProfileParams.properties, key: PlayKey });
const Errors = { '4xx': ErrorBody };

/** Plays the Top 10 reads at most: enough for a limited profile to find ten it may see. */
const PLAYED_CANDIDATES = 200;

const BAD_KEY = invalidArgument(
  'An activity line is movie-{id}, tv-{id} or tv-{id}-s{season}e{episode}, like tv-1399-s1e2.',
);
const NO_SUCH_LINE = { status: 404, code: 'not-found', message: 'There is no such title in this viewing activity.' };

/**
 * The Top 10 (`/api/activity/top10`) and each profile's viewing activity under
 * `/api/documents/customers/{uid}/profiles/{profileId}/activity` (a line hidden with
 * `PUT …/activity/{key}/hidden`, all of it as CSV at `…/activity.csv`). Registered at `/api`.
 * Every answer is personal (the profile's maturity shapes the Top 10), so none is stored by a cache.
 */
const activityRoutes: FastifyPluginAsyncTypebox<ActivityRoutesOptions> = async (app, { artPath }) => {
  const { activity, catalogue, maturity, profiles } = app;
  const guard = ownerGuard(app, 'profiles', profiles.has);

  app.addHook('onRequest', noStore);
  app.addHook('onRequest', limitWrites(app));
  app.setErrorHandler(answeringValidation({ params: BAD_KEY }));

  const itemOf = (mediaType: WatchMediaType, id: number): TmdbTitleItem | null => {
    if (isLibraryId(id)) {
      const own = app.library.catalogue.find(mediaType, id);
      return own ? ({ ...own.item, media_type: own.mediaType } as TmdbTitleItem) : null;
    }
    const title = catalogue.findTitle(mediaType, id);
    return title ? (toTmdbItem(title, artPath, true) as TmdbTitleItem) : null;
  };

  app.get(
    TOP_TEN_PATH,
    { schema: { response: { 200: Type.Object({ results: Type.Array(TmdbTitleItem) }), ...Errors } } },
    async (request) => ({
      results: topTen({
        played: activity.playCounts(TOP_TEN_DAYS, PLAYED_CANDIDATES),
        sees: (mediaType, id) => maturity.requestSees(request, mediaType, id),
        itemOf,
        popularPage: (page) => catalogue.list({ mediaType: 'all', sort: 'popularity', page }).titles,
      }),
    }),
  );

  const profilePath = '/documents/customers/:uid/profiles/:profileId';
  /** The profile's lines it may see now (what is above its level stays stored, as Continue Watching's does). */
  const visibleActivity = (uid: string, profileId: string) => {
    const sees = maturity.profileSees(uid, profileId);
    return activity.activity(uid, profileId).filter((item) => sees(item.media_type, item.id));
  };

  app.get(
    `${profilePath}/activity`,
    { ...guard, schema: { params: ProfileParams, response: { 200: ActivityList, ...Errors } } },
    async (request) => ({ items: visibleActivity(request.params.uid, request.params.profileId) }),
  );

  app.put(
    `${profilePath}/activity/:key/hidden`,
    { ...guard, bodyLimit: 1024, schema: { params: LineParams, response: { 200: ActivityList, ...Errors } } },
    async (request, reply) => {
      const { uid, profileId, key } = request.params;
      const hidden = await inWriteTurn(
        app.db,
        () => profiles.has(uid, profileId) && activity.hide(uid, profileId, key),
      );
      if (!hidden) return sendProblem(reply, profiles.has(uid, profileId) ? NO_SUCH_LINE : NO_SUCH_PROFILE);
      return { items: visibleActivity(uid, profileId) };
    },
  );

  app.get(
    `${profilePath}/activity.csv`,
    { ...guard, schema: { params: ProfileParams, response: { 200: Type.String(), ...Errors } } },
    async (request, reply) => {
      const rows = visibleActivity(request.params.uid, request.params.profileId).map((item) => [
        playLabel(item),
        playDay(item.played_at),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ACTIVITY_CSV_NAME}"`)
        .send(csvText([['Title', 'Date'], ...rows]));
    },
  );
};

export default activityRoutes;
