import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { isLibraryId } from '../../shared/library/library-ids.ts';
import {
  DEFAULT_MATURITY,
  type MaturityLevel,
  maySee,
  titleMaturity,
  tmdbCertifications,
} from '../../shared/profiles/maturity.ts';

type MediaType = 'movie' | 'tv';

/** Who a request views the catalogue as: a profile's level and the titles it blocked. */
export interface Viewer {
  uid: string;
  profileId: string;
  level: MaturityLevel;
  /** `movie:603`, `tv:1399`. */
  blocked: ReadonlySet<string>;
}

export interface Maturity {
  /** A title's level (18+ for a title nobody knows, or one without a certification). */
  levelOf(mediaType: MediaType, id: number): MaturityLevel;
  /** Whether a viewer may see a title: within its level and not blocked. */
  allows(viewer: Viewer, mediaType: MediaType, id: number): boolean;
  /** A profile of an account as a viewer, or null when the account has no such profile. */
  viewerOf(uid: string, profileId: string): Viewer | null;
  /**
   * The request's viewer: its session's profile (profiles.activeIn). Null when signed out or the
   * session has no profile: the catalogue is then answered whole, as the public TMDB-compatible API.
   */
  viewerOfRequest(request: FastifyRequest): Viewer | null;
  /** Whether the request's profile may see a title (true with no profile to limit it). */
  requestSees(request: FastifyRequest, mediaType: MediaType, id: number): boolean;
  /** What a profile may see (everything when the account has no such profile). */
  profileSees(uid: string, profileId: string): (mediaType: MediaType, id: number) => boolean;
}

/** Whether a viewer is limited at all (a level below 18+, or blocked titles). */
export const isLimited = (viewer: Viewer | null): viewer is Viewer =>
  viewer !== null && (viewer.level !== DEFAULT_MATURITY || viewer.blocked.size > 0);

export const titleKey = (mediaType: MediaType, id: number) => `${mediaType}:${id}`;

declare module 'fastify' {
  interface FastifyInstance {
    maturity: Maturity;
  }
}

/**
 * Decorates `app.maturity`: the level of each title (the shipped catalogue's certifications; a
 * library title's from its NFO) and of each request's profile, the one its session (its device)
 * watches as (docs/household.md, "Maturity").
 */
export default fp(
  async (app) => {
    const facts = app.catalogueFacts;
    const library = app.library.catalogue;

    function levelOf(mediaType: MediaType, id: number): MaturityLevel {
      if (isLibraryId(id)) {
        const own = library.find(mediaType, id);
        if (!own) return '18+';
        const results =
          own.mediaType === 'movie'
            ? (own.details.release_dates?.results ?? [])
            : (own.details.content_ratings?.results ?? []);
        // A library certification is the NFO's text, whichever country's scale it is on.
        const certification = Object.values(tmdbCertifications(results))[0];
        return titleMaturity({ GB: certification, US: certification });
      }
      return titleMaturity(facts.factsFor(mediaType, id).certifications);
    }

    function viewerOf(uid: string, profileId: string): Viewer | null {
      const level = app.profiles.maturityOf(uid, profileId);
      if (level === null) return null;
      const blocked = new Set(app.profiles.blockedTitles(uid, profileId).map((t) => titleKey(t.mediaType, t.id)));
      return { uid, profileId, level, blocked };
    }

    const allows = (viewer: Viewer, mediaType: MediaType, id: number) =>
      !viewer.blocked.has(titleKey(mediaType, id)) && maySee(viewer.level, levelOf(mediaType, id));
    const resolved = new WeakMap<FastifyRequest, Viewer | null>();
    const viewerOfRequest = (request: FastifyRequest) => {
      let viewer = resolved.get(request);
      if (viewer === undefined) {
        const uid = request.account()?.uid;
        const active = uid ? app.profiles.activeIn(uid, request.sessionKey()) : null;
        viewer = uid && active ? viewerOf(uid, active) : null;
        resolved.set(request, viewer);
      }
      return viewer;
    };
    app.decorate('maturity', {
      levelOf,
      allows,
      viewerOf,
      viewerOfRequest,
      requestSees(request, mediaType, id) {
        const viewer = viewerOfRequest(request);
        return viewer === null || allows(viewer, mediaType, id);
      },
      profileSees(uid, profileId) {
        const viewer = viewerOf(uid, profileId);
        return (mediaType, id) => viewer === null || allows(viewer, mediaType, id);
      },
    } satisfies Maturity);
  },
  { name: 'maturity', dependencies: ['catalogue', 'profiles', 'library', 'session'] },
);
