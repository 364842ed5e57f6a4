import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

import type { Person } from '../catalogue-facts.ts';
import type { ListQuery } from '../catalogue-repository.ts';
import type { CatalogueTitle } from '../catalogue-title.ts';
import { type StillPath, toPersonItem } from '../tmdb-details.ts';
import { type ArtPath, toTmdbPage } from '../tmdb-json.ts';

export interface TmdbViewsOptions {
  artPath: ArtPath;
  stillPath: StillPath;
  /** TMDB's /videos results for a title (server/media/video/trailers.ts). */
  videosFor: (title: CatalogueTitle) => unknown[];
}

/** The catalogue as TMDB's pieces: what several route groups build their answers from. */
export interface TmdbViews extends TmdbViewsOptions {
  /** A list query's page, TMDB's envelope. */
  listPage(query: ListQuery, withMediaType?: boolean): ReturnType<typeof toTmdbPage>;
  /** similar or recommendations: as on TMDB, recommendations say their media type and similar titles do not. */
  alikePage(title: CatalogueTitle, likeness: 'similar' | 'recommended', page: number): ReturnType<typeof toTmdbPage>;
  /** A person's search entry, with the titles they are known for. */
  personItem(person: Person, withMediaType: boolean): ReturnType<typeof toPersonItem>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tmdbViews: TmdbViews;
  }
}

/** Bytes of art paths kept (two per title: about 100 bytes each). */
const ART_PATH_BYTES = 8 * 1024 * 1024;
/** Bytes of people's search entries kept (their JSON, about 2 kB each with the titles they are known for). */
const PERSON_ITEM_BYTES = 8 * 1024 * 1024;

/**
 * Decorates the scope with `tmdbViews`. A title's art path hashes the facts its art is drawn from
 * (SHA-256), and a person's search entry is the same in every search that finds them: both are
 * kept once built (least recently used out first, bounded by bytes), since every list and search
 * page names twenty of them.
 */
export default fp<TmdbViewsOptions>(
  async (app, options) => {
    const artPaths = new LRUCache<string, string>({
      maxSize: ART_PATH_BYTES,
      sizeCalculation: (path, key) => path.length + key.length + 64,
    });
    const artPath: ArtPath = (kind, title) => {
      const key = `${kind}:${title.mediaType}:${title.id}`;
      let path = artPaths.get(key);
      if (path === undefined) artPaths.set(key, (path = options.artPath(kind, title)));
      return path;
    };
    const personItems = new LRUCache<string, ReturnType<typeof toPersonItem>>({
      maxSize: PERSON_ITEM_BYTES,
      sizeCalculation: (item) => JSON.stringify(item).length + 64,
    });
    const findTitle = app.catalogue.findTitle;
    app.decorate('tmdbViews', {
      ...options,
      artPath,
      listPage: (query, withMediaType = false) =>
        toTmdbPage(query.page, app.catalogue.list(query), artPath, withMediaType),
      alikePage: (title, likeness, page) =>
        toTmdbPage(page, app.catalogue.alike(title, likeness, page), artPath, likeness === 'recommended'),
      personItem(person, withMediaType) {
        const key = `${person.id}:${withMediaType}`;
        let item = personItems.get(key);
        if (!item) personItems.set(key, (item = toPersonItem(person, findTitle, artPath, withMediaType)));
        return item;
      },
    } satisfies TmdbViews);
  },
  { name: 'tmdb-views', dependencies: ['catalogue'] },
);
