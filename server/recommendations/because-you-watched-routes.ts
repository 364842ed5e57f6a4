import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { BecauseYouWatchedAnswer } from '../../shared/ratings/ratings.schema.ts';
import { titleKey } from '../../shared/watching/watching-rules.ts';
import type { ArtPath } from '../catalogue/tmdb-json.ts';
import { toTmdbItem } from '../catalogue/tmdb-json.ts';
import { NO_SUCH_PROFILE, ownerGuard, PROFILE_ID_PATTERN, UID_PATTERN } from '../documents/owner-guard.ts';
import { answeringValidation } from '../http/error-handler.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody } from '../http/problems.ts';
import { becauseYouWatched } from './because-you-watched.ts';
import { titlesPlayed } from './played-titles.ts';

const ProfileParams = Type.Object({
  uid: Type.String({ pattern: UID_PATTERN }),
  profileId: Type.String({ pattern: PROFILE_ID_PATTERN }),
});

export interface BecauseYouWatchedRoutesOptions {
  /** Where a title's generated art lives (server/media/images/art-path.ts). */
  artPath: ArtPath;
}

/**
 * GET customers/{uid}/profiles/{profileId}/because_you_watched under /api/documents: the
 * profile's "Because you watched" rows (because-you-watched.ts), computed when asked from its
 * plays and ratings, within what it may see; each row's titles in TMDB's list shape. Guarded as
 * the profile's documents are.
 */
const becauseYouWatchedRoutes: FastifyPluginAsyncTypebox<BecauseYouWatchedRoutesOptions> = async (app, { artPath }) => {
  const guard = ownerGuard(app, 'profiles', app.profiles.has);
  app.addHook('onRequest', noStore);
  app.setErrorHandler(answeringValidation({ params: NO_SUCH_PROFILE }));

  app.get(
    '/customers/:uid/profiles/:profileId/because_you_watched',
    { ...guard, schema: { params: ProfileParams, response: { 200: BecauseYouWatchedAnswer, '4xx': ErrorBody } } },
    async (request) => {
      const { uid, profileId } = request.params;
      // A title hidden from the profile's activity is neither a seed nor a suggestion.
      const hidden = app.activity.hiddenTitles(uid, profileId);
      const allowed = app.maturity.profileSees(uid, profileId);
      const rows = becauseYouWatched(
        {
          findTitle: app.catalogue.findTitle,
          factsFor: app.catalogueFacts.factsFor,
          alike: (title, page) => app.catalogue.alike(title, 'similar', page).titles,
        },
        {
          played: titlesPlayed(app.activity, app.watching, uid, profileId),
          ratings: app.ratings.stored(uid, profileId),
          sees: (mediaType, id) => allowed(mediaType, id) && !hidden.has(titleKey(mediaType, id)),
        },
      );
      return {
        rows: rows.map(({ seed, titles }) => ({
          because: {
            key: titleKey(seed.mediaType, seed.id),
            media_type: seed.mediaType,
            id: seed.id,
            name: seed.name,
          },
          results: titles.map(
            (title) => toTmdbItem(title, artPath, true) as BecauseYouWatchedAnswer['rows'][number]['results'][number],
          ),
        })),
      };
    },
  );
};

export default becauseYouWatchedRoutes;
